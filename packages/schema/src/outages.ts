import { z } from 'zod';

/*
 * Spec §1 "outages and meter events", §2 /outages, §7 GET /api/outages/meter-events/{gsrn} (feature OUTAGES):
 * planned and current interruptions of supply per grid area, and what each of the customer's meters reported.
 * docs/decisions/051-outages.md.
 */

/** planned: announced, not begun; current: supply is off now; ended: restored (kept a day); cancelled: will not happen. */
export const OUTAGE_STATUSES = ['planned', 'current', 'ended', 'cancelled'] as const;
export const outageStatus = z.enum(OUTAGE_STATUSES);
export type OutageStatus = z.infer<typeof outageStatus>;

export const OUTAGE_CAUSES = ['maintenance', 'construction', 'storm', 'fault', 'overload', 'other'] as const;
export const outageCause = z.enum(OUTAGE_CAUSES);
export type OutageCause = z.infer<typeof outageCause>;

/** A street an outage cuts: the street's name without house numbers, in one postal code area. */
export const outageStreet = z.object({ street: z.string(), postalCode: z.string(), city: z.string() }).meta({ id: 'OutageStreet' });
export type OutageStreet = z.infer<typeof outageStreet>;

export const outage = z
  .object({
    id: z.string(),
    gridArea: z.string(),
    status: outageStatus,
    cause: outageCause,
    startsAt: z.iso.datetime(),
    estimatedEndAt: z.iso.datetime(),
    endedAt: z.iso.datetime().nullable(),
    streets: z.array(outageStreet),
    /** Whole postal code areas an operator's staff put in the outage (decision 126); metering points are not shown. */
    postalCodes: z.array(z.string()),
    /** The operator's word on the reason, when its staff wrote one (decision 126). */
    description: z.string().nullable(),
    /** The acting customer's places on those streets (street with house number), first in the list when any. */
    myPlaces: z.array(z.string()),
  })
  .meta({ id: 'Outage' });
export type Outage = z.infer<typeof outage>;
export const outageList = z.array(outage);

/** What a meter reports about its supply (spec §1: power off/on, voltage out of range, tamper…). */
export const METER_EVENT_KINDS = [
  'power-off',
  'power-on',
  'voltage-high',
  'voltage-low',
  'phase-missing',
  'tamper',
  'cover-opened',
] as const;
export const meterEventKind = z.enum(METER_EVENT_KINDS);
export type MeterEventKind = z.infer<typeof meterEventKind>;

export const meterEvent = z
  .object({
    id: z.number().int(),
    kind: meterEventKind,
    occurredAt: z.iso.datetime(),
    /** Volts, for the voltage events; null otherwise. */
    voltage: z.number().nullable(),
    /** The outage this event belongs to, when the outage system tied it to one. */
    outageId: z.string().nullable(),
  })
  .meta({ id: 'MeterEvent' });
export type MeterEvent = z.infer<typeof meterEvent>;
export const meterEventList = z.array(meterEvent);

/** Most meter events one answer holds: the newest ones. */
export const METER_EVENTS_LIMIT = 100;

export const meterEventsParams = z.object({
  gsrn: z
    .string()
    .trim()
    .regex(/^[0-9A-Z-]{8,40}$/, 'gsrn must be a GSRN (18 digits) or an EIC code'),
});

/**
 * What became of one outage notice to one outage contact: waiting for its hour (SendAfterNightHours at night),
 * handed to the mail or SMS outbox, not sent (NoNightHours at night), or left to the utility's staff (a call or a
 * letter, which no adapter makes), or overtaken before its hour (the planned outage moved or was cancelled: decision 126).
 */
export const OUTAGE_NOTICE_STATUSES = ['waiting', 'sent', 'skipped-night', 'manual', 'superseded'] as const;
export type OutageNoticeStatus = (typeof OUTAGE_NOTICE_STATUSES)[number];

/**
 * Which outage notice a contact gets (decision 126): the start (052), the advance notice of a planned outage its
 * operator's staff published, an updated one when its time window moved, and one saying it was cancelled.
 */
export const OUTAGE_NOTICE_KINDS = ['started', 'planned', 'rescheduled', 'cancelled'] as const;
export type OutageNoticeKind = (typeof OUTAGE_NOTICE_KINDS)[number];

/** Where an outage came from: the operator's outage system (051) or the portal's staff (decision 126). */
export const OUTAGE_SOURCES = ['system', 'operator'] as const;
export type OutageSource = (typeof OUTAGE_SOURCES)[number];

/** How an operator's staff name the area of a planned outage: whole postal codes, or metering points by GSRN. */
export const OUTAGE_AREA_KINDS = ['postal-code', 'metering-point'] as const;
export type OutageAreaKind = (typeof OUTAGE_AREA_KINDS)[number];
