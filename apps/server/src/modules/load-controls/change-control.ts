import type { SiteFeature } from '@portal/schema/features';
import type { ChangeControlRequest, CommandAnswer, HanPortAction } from '@portal/schema/power';
import { AppError } from '../../platform/errors.ts';
import { meterOfObject } from './find-meter.ts';
import { issueCommandIn, type CommandDeps, type Requester } from './issue-command.ts';
import { loadControlRepository as repository } from './load-control-repository.ts';
import type { CustomerScope } from '../../platform/actor.ts';

function requireFeature(features: readonly SiteFeature[], feature: SiteFeature) {
  if (!features.includes(feature)) throw new AppError('FEATURE_DISABLED', `${feature} is not offered on this site`);
}

/**
 * POST /api/load-controls/change-control: a load's relay (site feature RELAY_CONTROL) or the object's supply
 * (POWER_CONTROL_ON_OFF, on meters with a remote breaker). The command is pending when this returns.
 */
export function changeControl(
  deps: CommandDeps,
  scope: CustomerScope & { features: readonly SiteFeature[] },
  change: ChangeControlRequest,
  requester: Requester,
): Promise<CommandAnswer> {
  return deps.db.transaction(async (tx) => {
    if (change.target === 'load') {
      requireFeature(scope.features, 'RELAY_CONTROL');
      const load = await repository.load(tx, scope, change.loadId);
      const meter = load && (await repository.meterOfLoad(tx, load));
      if (!load || !meter) throw new AppError('LOAD_NOT_FOUND', `No such load: ${change.loadId}`);
      const action = change.state === 'on' ? 'relay-on' : 'relay-off';
      return issueCommandIn(tx, deps, { meter, target: 'load', action, loadId: load.id }, requester);
    }
    requireFeature(scope.features, 'POWER_CONTROL_ON_OFF');
    const meter = await meterOfObject(tx, scope, change.objectId);
    if (!meter.remoteSwitching)
      throw new AppError('REMOTE_SWITCHING_NOT_OFFERED', 'This meter cannot connect or disconnect the supply remotely');
    const action = change.state === 'connected' ? 'connect' : 'disconnect';
    return issueCommandIn(tx, deps, { meter, target: 'connection', action }, requester);
  });
}

/** POST /api/load-controls/han-port-status/{objectId}: open or close the meter's HAN port (spec §4). */
export function setHanPort(deps: CommandDeps, scope: CustomerScope, objectId: string, action: HanPortAction, requester: Requester) {
  return deps.db.transaction(async (tx) => {
    const meter = await meterOfObject(tx, scope, objectId);
    return issueCommandIn(tx, deps, { meter, target: 'han-port', action: action === 'open' ? 'han-open' : 'han-close' }, requester);
  });
}

/** POST /api/load-controls/read-live-readings/{objectId}: ask the meter for a reading now. */
export function readLiveReadings(deps: CommandDeps, scope: CustomerScope, objectId: string, requester: Requester) {
  return deps.db.transaction(async (tx) => {
    const meter = await meterOfObject(tx, scope, objectId);
    return issueCommandIn(tx, deps, { meter, target: 'readings', action: 'read-now' }, requester);
  });
}
