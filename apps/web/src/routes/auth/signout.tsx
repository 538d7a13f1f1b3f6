import { createFileRoute } from '@tanstack/react-router';
import { SignOutPage } from '../../features/auth/sign-out-page.tsx';

export const Route = createFileRoute('/auth/signout')({ component: SignOutPage });
