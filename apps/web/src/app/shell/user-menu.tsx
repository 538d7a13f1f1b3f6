import { lazy } from 'react';
import type { ActorInfo, PortalSession } from '@portal/schema/identity';
import { PopupOnFirstClick } from '../../shared/ui/popup-on-first-click.tsx';
import { UserMenuButton } from './user-menu-button.tsx';

const UserMenuPopup = lazy(() => import('./user-menu-popup.tsx'));

type Props = { session: PortalSession; info: ActorInfo | undefined };

/**
 * The signed-in person's menu: who they are, which customer they act for, the other customers they may act
 * for (when there is more than one), and signing out. Its button names whose data the pages show: the person,
 * or the company or customer they act for. The menu itself loads at the first click (`user-menu-popup.tsx`).
 */
export function UserMenu({ session, info }: Props) {
  return (
    <PopupOnFirstClick
      kind="menu"
      control={(props) => <UserMenuButton session={session} info={info} {...props} />}
      popup={<UserMenuPopup session={session} info={info} />}
    />
  );
}
