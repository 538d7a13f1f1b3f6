import { createFileRoute } from '@tanstack/react-router';
import { ConfirmRequestPage } from '../../features/auth/confirm-request-page.tsx';

export const Route = createFileRoute('/auth/confirm-request')({ component: ConfirmRequestPage });
