import type { OfferVisibility } from '@portal/schema/enums';

/** Who is asking: the acting customer (if any), or what a newcomer says of themself, and a campaign code they bring. */
export type Viewer = {
  customerId: string | null;
  customerType: 'private' | 'legal' | null;
  campaignCode: string | null;
};

type Visible = {
  visibility: OfferVisibility;
  targetGroup: 'private' | 'legal' | null;
  personalCustomerId: string | null;
  campaignCode: string | null;
};

/**
 * Spec §3 offer visibility, the one rule every product call applies: Public to anyone; TargetGroup to customers
 * of that type; Personal to that customer only; CampaignCode to whoever brings the code (case-insensitive);
 * Unknown to nobody.
 */
export function isVisibleTo(product: Visible, viewer: Viewer): boolean {
  switch (product.visibility) {
    case 'Public':
      return true;
    case 'TargetGroup':
      return viewer.customerType !== null && product.targetGroup === viewer.customerType;
    case 'Personal':
      return viewer.customerId !== null && product.personalCustomerId === viewer.customerId;
    case 'CampaignCode':
      return viewer.campaignCode !== null && product.campaignCode?.toUpperCase() === viewer.campaignCode.trim().toUpperCase();
    case 'Unknown':
      return false;
  }
}

/** Whether a product may be signed for a supply starting on `date`. */
export const isAvailableOn = (product: { availableFrom: string; availableTo: string | null }, date: string) =>
  product.availableFrom <= date && (product.availableTo === null || product.availableTo >= date);
