import { localizePath, isLocale, DEFAULT_LOCALE, type DocumentType } from '@playhouse/shared';
import type { Db } from '@playhouse/db';
import type { ProtectionConfig } from '../../config';
import { loadTexts } from '../i18n/texts';
import { systemClock, type Clock } from '../../lib/clock';
import type { EmailService } from '../email/email-service';
import { createDocumentsService, type DocumentsService } from './documents-service';
import { createFileDocumentStore, createS3DocumentStore, type DocumentStore } from './document-store';
import type { ExclusionScreen } from './exclusion-screen';
import { createProtectionGuard, type ProtectionGuard } from './guard';
import { createHarmService, type HarmService } from './harm-service';
import { createJurisdictions, type Jurisdictions } from './jurisdictions';
import { createLimitsService, type LimitsService } from './limits-service';
import { createProtectionClock, type ProtectionClock } from './protection-clock';
import { createRealityCheckService, type RealityCheckService } from './reality-check-service';
import { createRestrictionsService, type RestrictionsService } from './restrictions-service';
import { createStatementService, type StatementService } from './statement-service';
import type { WalletService } from '../wallet/wallet-service';

export interface ProtectionCore {
  clock: ProtectionClock;
  jurisdictions: Jurisdictions;
  limits: LimitsService;
  restrictions: RestrictionsService;
  realityChecks: RealityCheckService;
  documents: DocumentsService;
  statements: StatementService;
  harm: HarmService;
  guard: ProtectionGuard;
  exclusions: ExclusionScreen;
}

interface CoreOptions {
  db: Db;
  /** The one wallet, built by its plugin. */
  wallet: WalletService;
  config: ProtectionConfig;
  siteUrl: string;
  email: Pick<EmailService, 'send'>;
  confirmPassword: (userId: number, password: string) => Promise<boolean>;
  /** Self-exclusion across accounts (the accounts domain builds it: registration asks it first). */
  exclusions: ExclusionScreen;
  clock?: Clock;
  store?: DocumentStore;
}

/** Player protection wired from the config: the api's plugin and the ops command line build the same. */
export function createProtectionCore({
  db,
  wallet,
  config,
  siteUrl,
  email,
  confirmPassword,
  exclusions,
  clock = systemClock,
  store,
}: CoreOptions): ProtectionCore {
  const protectionClock = createProtectionClock(clock, config.testClock);
  const jurisdictions = createJurisdictions(config.jurisdiction);
  const limits = createLimitsService({ db, clock: protectionClock });
  const restrictions = createRestrictionsService({ db, clock: protectionClock, wallet, confirmPassword });
  const realityChecks = createRealityCheckService({ db, clock: protectionClock });
  const documents = createDocumentsService({
    db,
    clock: protectionClock,
    maxBytes: config.documents.maxBytes,
    store:
      store ??
      (config.documents.s3
        ? createS3DocumentStore(config.documents.s3)
        : createFileDocumentStore(config.documents.dir)),
    // The decision reaches the player in their language, worded by the protection.emails.* messages.
    async notify(to, locale, decision) {
      const lang = isLocale(locale) ? locale : DEFAULT_LOCALE;
      const texts = await loadTexts(db, { locale: lang, defaultLocale: DEFAULT_LOCALE }, 'protection.');
      const template = decision.verified ? 'emails.documentVerified' : 'emails.documentRejected';
      const values = {
        document: texts.get(`documents.types.${decision.type satisfies DocumentType}`),
        reason: decision.reason ?? '',
        link: new URL(localizePath(lang, '/verification'), siteUrl).toString(),
      };
      return email.send({
        to,
        subject: texts.get(`${template}.subject`, values),
        text: texts.get(`${template}.body`, values),
      });
    },
  });
  const statements = createStatementService({ db, clock: protectionClock });
  const harm = createHarmService({ db, clock: protectionClock });
  const guard = createProtectionGuard({
    jurisdictions,
    limits,
    restrictions,
    realityChecks,
    documents,
    clock: protectionClock,
    exclusions,
  });
  return {
    exclusions,
    clock: protectionClock,
    jurisdictions,
    limits,
    restrictions,
    realityChecks,
    documents,
    statements,
    harm,
    guard,
  };
}
