import { z } from 'zod';
import { energyStatistics, expenses, powerPeaks, spotStatistics, usagePointList, yearlyConsumption } from './energy.ts';
import { dashboardInvoices } from './invoices.ts';

/**
 * GET /api/dashboard/cards (decision 136): the dashboard's first view in one call, each part exactly what its own call
 * answers for DASHBOARD_FIRST_VIEW (dashboard-view.ts): `usagePoints` GET /api/usage-points/me, `consumption` …/statistics/consumption,
 * `expenses` …/statistics/expenses, `yearlyConsumption` …/yearly-consumption, `powerPeaks` …/power-peaks (the running
 * month), `spot` …/statistics/spot, null unless the site shows spot prices and the customer has an electricity
 * metering point, and `invoices` …/invoices, null on a site without invoices.
 */
export const dashboardCards = z
  .object({
    usagePoints: usagePointList,
    consumption: energyStatistics,
    expenses,
    yearlyConsumption,
    powerPeaks,
    spot: spotStatistics.nullable(),
    invoices: dashboardInvoices.nullable(),
  })
  .meta({ id: 'DashboardCards' });
export type DashboardCards = z.infer<typeof dashboardCards>;
