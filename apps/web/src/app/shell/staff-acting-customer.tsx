import { lazy } from 'react';
import type { ActorInfo } from '@portal/schema/identity';
import { PopupOnFirstClick } from '../../shared/ui/popup-on-first-click.tsx';
import { StaffActingButton } from './staff-acting-button.tsx';

const StaffActingCustomerPopup = lazy(() => import('./staff-acting-customer-popup.tsx'));

/**
 * Customer-service staff act for a customer of their site by client code, from any page; their workspace (/staff) finds
 * customers by anything else. Starting opens the customer's dashboard; stopping goes back to the workspace. The popover
 * loads at the first click.
 */
export function StaffActingCustomer({ info }: { info: ActorInfo }) {
  return (
    <PopupOnFirstClick
      kind="dialog"
      control={(props) => <StaffActingButton {...props} />}
      popup={<StaffActingCustomerPopup info={info} />}
    />
  );
}
