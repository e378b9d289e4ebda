import { SLIP_STORAGE_KEY } from '@/lib/sports/bet-slip-store';
import { CLOSED_ANNOUNCEMENT_KEY } from './announcement-memory';

/** The attribute the gate sets on `<html>` when the server-drawn announcement may show (styles/globals.css). */
export const ANNOUNCEMENT_SHOWN_ATTRIBUTE = 'data-announcement';

/**
 * The gate's script for one announcement: shows it unless this browser closed it (its id in local storage) or holds
 * a bet slip in progress, the two facts only the browser knows. Storage that throws leaves it hidden until hydration.
 */
export function announcementGateScript(id: number): string {
  const closedKey = JSON.stringify(CLOSED_ANNOUNCEMENT_KEY);
  const slipKey = JSON.stringify(SLIP_STORAGE_KEY);
  return (
    `(function(){try{var s=window.localStorage,b=JSON.parse(s.getItem(${slipKey})||'null');` +
    `if(s.getItem(${closedKey})!==${JSON.stringify(String(id))}&&!(b&&Array.isArray(b.selections)&&b.selections.length))` +
    `document.documentElement.setAttribute(${JSON.stringify(ANNOUNCEMENT_SHOWN_ATTRIBUTE)},'shown')}catch(e){}})()`
  );
}

/**
 * The announcement (info popup) is drawn by the server, so it paints with the page instead of after hydration (it was
 * the largest paint of pages without a big picture, 2 s after the first one). Whether this browser closed it is only
 * in local storage: until this script says so, a global rule keeps the server-drawn popup hidden. The script comes right
 * after the popup, so it lets it show only once the popup is parsed whole: a popup painted from half its markup grew
 * upwards when the rest arrived (a layout shift of 0.08 on the phone profile). Without scripts it never shows, as
 * before (its buttons need them). Hydration then hands it to the popup's own rules.
 */
export function AnnouncementGate({ id, nonce }: { id: number | null; nonce: string }) {
  if (id === null) return null;
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: announcementGateScript(id) }} />;
}
