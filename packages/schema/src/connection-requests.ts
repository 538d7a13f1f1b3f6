import { z } from 'zod';
import { addDays, isCalendarDate, shiftYears } from './calendar-dates.ts';
import { ticketAttachment } from './support.ts';

/*
 * Connections and solar (issue 29, docs/decisions/124-connection-requests.md): what a network operator's customer asks
 * of the grid itself — a larger or smaller main fuse, a new connection for a building, and the notification of a
 * microgeneration installation (solar panels behind an inverter). Each is a tracked request that the site's customer
 * service moves through the states below; the customer follows it and can withdraw it until it is decided.
 */

export const CONNECTION_REQUEST_KINDS = ['FUSE_CHANGE', 'NEW_CONNECTION', 'MICROGENERATION'] as const;
export const connectionRequestKind = z.enum(CONNECTION_REQUEST_KINDS);
export type ConnectionRequestKind = z.infer<typeof connectionRequestKind>;

export const CONNECTION_REQUEST_STATUSES = [
  'received',
  'in_review',
  'needs_information',
  'approved',
  'rejected',
  'done',
  'withdrawn',
] as const;
export const connectionRequestStatus = z.enum(CONNECTION_REQUEST_STATUSES);
export type ConnectionRequestStatus = z.infer<typeof connectionRequestStatus>;

/** Not yet decided: the customer may still add information or withdraw the request. */
export const UNDECIDED_STATUSES: readonly ConnectionRequestStatus[] = ['received', 'in_review', 'needs_information'];
/** Nothing moves any more. */
export const FINAL_STATUSES: readonly ConnectionRequestStatus[] = ['rejected', 'done', 'withdrawn'];

/** What customer service does with a request. */
export const CONNECTION_STAFF_ACTIONS = ['review', 'ask_information', 'approve', 'reject', 'complete'] as const;
export const connectionStaffAction = z.enum(CONNECTION_STAFF_ACTIONS);
export type ConnectionStaffAction = z.infer<typeof connectionStaffAction>;
/** What the customer does with their own request. */
export type ConnectionCustomerAction = 'withdraw' | 'add_information';
export type ConnectionRequestAction = ConnectionStaffAction | ConnectionCustomerAction;

/**
 * Every move a request's status may make (decision 124). The server decides by this table alone (under a row lock);
 * the web reads it to offer only the buttons that can succeed.
 */
export const CONNECTION_REQUEST_TRANSITIONS: Record<
  ConnectionRequestAction,
  Partial<Record<ConnectionRequestStatus, ConnectionRequestStatus>>
> = {
  // Customer service picks the request up, or picks it up again once the customer has answered.
  review: { received: 'in_review', needs_information: 'in_review' },
  // Something is missing (a site plan, the installer's certificate): the customer is asked for it.
  ask_information: { received: 'needs_information', in_review: 'needs_information' },
  // Decided: the operator will do it (fuse, connection) or accepts the installation onto its network.
  approve: { received: 'approved', in_review: 'approved' },
  reject: { received: 'rejected', in_review: 'rejected', needs_information: 'rejected' },
  // The work is done in the field: fuse changed, connection built, production metering set up.
  complete: { approved: 'done' },
  // The customer no longer needs it, as long as nothing is decided.
  withdraw: { received: 'withdrawn', in_review: 'withdrawn', needs_information: 'withdrawn' },
  // The customer's answer (a message, files) goes back to customer service's desk.
  add_information: { received: 'received', in_review: 'in_review', needs_information: 'in_review' },
};

/** The status after `action`, or null when the request's status does not allow it. */
export function nextConnectionStatus(current: ConnectionRequestStatus, action: ConnectionRequestAction): ConnectionRequestStatus | null {
  return CONNECTION_REQUEST_TRANSITIONS[action][current] ?? null;
}

/** Staff actions whose message to the customer is required: the customer must learn what is missing, or why not. */
export const MESSAGE_REQUIRED_ACTIONS: readonly ConnectionStaffAction[] = ['ask_information', 'reject'];

/**
 * Main fuse sizes (three-phase, amperes) as Finnish distribution companies price them: 3×25 A … 3×63 A for homes and
 * small businesses, then the larger sizes up to 3×630 A for low-voltage connections (decision 124 names the price lists).
 */
export const MAIN_FUSE_SIZES = [25, 35, 50, 63, 80, 100, 125, 160, 200, 250, 315, 400, 500, 630] as const;
export type MainFuseSize = (typeof MAIN_FUSE_SIZES)[number];
export const isMainFuseSize = (value: number): value is MainFuseSize => (MAIN_FUSE_SIZES as readonly number[]).includes(value);

/**
 * Microgeneration (Finnish "mikrotuotanto", Energiateollisuus' guideline): at most 100 kVA behind one connection.
 * Inverter power as a decimal of kW with at most two decimals, never a float (rule 5): stored in watts.
 */
export const MAX_INVERTER_KW = 100;
export const INVERTER_POWER_PATTERN = /^\d{1,3}(\.\d{1,2})?$/;

/** An inverter power written as "8,2" or "8.2" kW as integer watts (8200), or null when it is not one. */
export function inverterWatts(text: string): number | null {
  const value = text.trim().replace(',', '.');
  if (!INVERTER_POWER_PATTERN.test(value)) return null;
  const [whole, fraction = ''] = value.split('.');
  return Number(whole) * 1000 + Number(fraction.padEnd(2, '0')) * 10;
}

/** Watts as kW with two decimals (8200 → "8.20"). */
export const kilowattsOf = (watts: number): string => (watts / 1000).toFixed(2);

/** How far back and ahead an installation date may be, and a wanted date of a fuse change or new connection. */
export const INSTALLATION_YEARS_BACK = 5;
export const INSTALLATION_DAYS_AHEAD = 365;
export const WANTED_YEARS_AHEAD = 2;

/** The days an installation date may name, as calendar days of the site's time zone. */
export const installationDateWindow = (today: string) => ({
  earliest: shiftYears(today, -INSTALLATION_YEARS_BACK),
  latest: addDays(today, INSTALLATION_DAYS_AHEAD),
});
/** The days a wanted date may name: from today to two years ahead (a plan further out is no request yet). */
export const wantedDateWindow = (today: string) => ({ earliest: today, latest: shiftYears(today, WANTED_YEARS_AHEAD) });

export const MAX_CONNECTION_MESSAGE_LENGTH = 2000;

const calendarDate = z.string().refine(isCalendarDate, { message: 'A date as YYYY-MM-DD' });
const optionalMessage = z.string().trim().max(MAX_CONNECTION_MESSAGE_LENGTH).optional();
const meteringPointId = z.string().trim().min(1, 'Choose the metering point').max(100);
const fuseAmperes = z
  .number()
  .int()
  .refine(isMainFuseSize, { message: `A main fuse of 3×${MAIN_FUSE_SIZES[0]} A to 3×${MAIN_FUSE_SIZES.at(-1)} A, in the sizes sold` });

/** A new building's address; postal codes as the three countries write them (00100, 10111, LV-1050). */
export const connectionAddress = z.object({
  street: z.string().trim().min(3, 'Enter the street and house number').max(120),
  postalCode: z
    .string()
    .trim()
    .regex(/^(\d{5}|LV-\d{4})$/, 'Enter the postal code'),
  city: z.string().trim().min(2, 'Enter the city').max(80),
});
export type ConnectionAddress = z.infer<typeof connectionAddress>;
/** An address as answered: as the place is recorded. */
const placeAddress = z.object({ street: z.string(), postalCode: z.string(), city: z.string() });

export const fuseChangeRequest = z.object({
  kind: z.literal('FUSE_CHANGE'),
  meteringPointId,
  fuseAmperes,
  wantedBy: calendarDate.optional(),
  message: optionalMessage,
});

export const newConnectionRequest = z.object({
  kind: z.literal('NEW_CONNECTION'),
  address: connectionAddress,
  fuseAmperes,
  wantedBy: calendarDate.optional(),
  message: optionalMessage,
});

export const microgenerationRequest = z.object({
  kind: z.literal('MICROGENERATION'),
  meteringPointId,
  inverterPowerKw: z
    .string()
    .trim()
    .refine((text) => inverterWatts(text) !== null, { message: 'Enter the inverter power in kW, at most two decimals' })
    .refine((text) => {
      const watts = inverterWatts(text);
      return watts === null || (watts > 0 && watts <= MAX_INVERTER_KW * 1000);
    }, `Microgeneration is above 0 and at most ${MAX_INVERTER_KW} kW`),
  installer: z.string().trim().min(2, 'Enter who installed it').max(120),
  installationDate: calendarDate,
  message: optionalMessage,
});

/**
 * POST /api/connection-requests: one of the three kinds, told apart by `kind`. JSON, or multipart with this JSON in the
 * part `request` and files in parts `files`, as support's (decision 055).
 */
export const connectionRequestCreate = z
  .discriminatedUnion('kind', [fuseChangeRequest, newConnectionRequest, microgenerationRequest])
  .meta({ id: 'ConnectionRequestCreate' });
export type ConnectionRequestCreate = z.input<typeof connectionRequestCreate>;

/** POST /api/connection-requests/{id}/messages: the customer's answer or addition. */
export const connectionRequestMessage = z.object({
  message: z.string().trim().min(1, 'Required').max(MAX_CONNECTION_MESSAGE_LENGTH),
});

/** POST /api/staff/connection-requests/{id}/transitions: customer service moves the request, with a word to the customer. */
export const connectionRequestTransition = z
  .object({
    action: connectionStaffAction,
    message: optionalMessage,
  })
  .superRefine((body, context) => {
    if (MESSAGE_REQUIRED_ACTIONS.includes(body.action) && !body.message) {
      context.addIssue({ code: 'custom', path: ['message'], message: 'Tell the customer what is missing, or why not' });
    }
  });
export type ConnectionRequestTransition = z.input<typeof connectionRequestTransition>;

export const connectionRequestIdParams = z.object({ id: z.uuid() });
export const connectionAttachmentParams = connectionRequestIdParams.extend({ attachmentId: z.uuid() });

/** One step of a request's history: a change of status, a message, or both. */
export const connectionRequestEvent = z.object({
  id: z.string(),
  author: z.enum(['customer', 'staff']),
  fromStatus: connectionRequestStatus.nullable(),
  toStatus: connectionRequestStatus,
  message: z.string().nullable(),
  attachments: z.array(ticketAttachment),
  createdAt: z.iso.datetime(),
});
export type ConnectionRequestEvent = z.infer<typeof connectionRequestEvent>;

export const connectionRequestView = z
  .object({
    id: z.string(),
    kind: connectionRequestKind,
    status: connectionRequestStatus,
    meteringPointId: z.string().nullable(),
    gsrn: z.string().nullable(),
    /** The place: the metering point's, or the new building's. */
    address: placeAddress,
    fuseAmperes: z.number().int().nullable(),
    inverterPowerKw: z.string().nullable(),
    installer: z.string().nullable(),
    installationDate: z.iso.date().nullable(),
    wantedBy: z.iso.date().nullable(),
    message: z.string().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'ConnectionRequest' });
export type ConnectionRequestView = z.infer<typeof connectionRequestView>;

export const connectionRequestDetail = connectionRequestView
  .extend({ history: z.array(connectionRequestEvent) })
  .meta({ id: 'ConnectionRequestDetail' });
export type ConnectionRequestDetail = z.infer<typeof connectionRequestDetail>;

/** Customer service's view: whose request it is, so they can open the customer's card. */
export const staffConnectionRequest = connectionRequestDetail
  .extend({ clientCode: z.string(), customerName: z.string() })
  .meta({ id: 'StaffConnectionRequest' });
export type StaffConnectionRequest = z.infer<typeof staffConnectionRequest>;

export const staffConnectionQueueQuery = z.object({ status: z.enum(['open', 'closed']).default('open') });

/** The places a request can be about: the acting customer's electricity metering points on this site. */
export const connectionPlace = z.object({ meteringPointId: z.string(), gsrn: z.string(), address: placeAddress });
export type ConnectionPlace = z.infer<typeof connectionPlace>;
