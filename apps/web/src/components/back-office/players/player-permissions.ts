import { staffMay, type StaffRole } from '@playhouse/shared/staff/permissions';

/** What the signed-in staff member may do on a player's page (the api checks each call again). */
export interface PlayerPermissions {
  ledger: boolean;
  sessionsEnd: boolean;
  notes: boolean;
  tags: boolean;
  block: boolean;
  protection: boolean;
}

export function playerPermissions(roles: readonly StaffRole[]): PlayerPermissions {
  return {
    ledger: staffMay(roles, 'players.ledger.read'),
    sessionsEnd: staffMay(roles, 'players.sessions.end'),
    notes: staffMay(roles, 'players.notes'),
    tags: staffMay(roles, 'players.tags'),
    block: staffMay(roles, 'players.block'),
    protection: staffMay(roles, 'protection.read'),
  };
}
