import { z } from 'zod';

/**
 * Alerts of a parcel (issue 15 §3): the rules, their defaults, the settings a farmer edits and what the API
 * answers. One contract for the API (validation) and the web (forms, types).
 */
export const ALERT_RULE_NAMES = ['NEW_IMAGE', 'DROP', 'WATER_STRESS', 'PARTIAL_DROP'] as const;
export type AlertRuleName = (typeof ALERT_RULE_NAMES)[number];

export interface AlertRuleConfig {
  rule: AlertRuleName;
  enabled: boolean;
  /** The index whose stored season points the rule reads. */
  index: string;
  /**
   * DROP and PARTIAL_DROP: the fall in index units (absolute) that counts, e.g. 0.10 NDVI. WATER_STRESS: the
   * NDMI median below which the parcel is said to be short of water. NEW_IMAGE: none.
   */
  threshold: number | null;
  /** PARTIAL_DROP: the share of the parcel (0–1) that must fall by more than the threshold. */
  share: number | null;
}

/**
 * WATER_STRESS default: NDMI median below −0.1. Negative NDMI indicates water stress or non-vegetated ground
 * (VegSpecIndex documentation of NDMI, after Vermote et al. 2016, https://rdrr.io/cran/VegSpecIndex/man/NDMI.html);
 * values around 0 are read as moderate moisture or mixed surfaces (eo-processor's NDMI notes,
 * https://bnjam.dev/eo-processor/_sources/api/functions/ndmi.rst.txt). −0.1 keeps a margin below 0 so a canopy read
 * "around 0" does not fire; the farmer can move it. See docs/ALERTS.md.
 */
export const WATER_STRESS_DEFAULT = -0.1;

/**
 * WATER_STRESS speaks of a crop, so it fires only when the same acquisition's NDVI median (when the owner's plan
 * holds NDVI, so it is stored) shows a canopy: at least 0.3. Below it NDMI mostly reads the ground — bare soil
 * before sowing or after harvest is dry by nature, not stressed. NDVI of 0.1 and below is barren ground and
 * 0.2–0.3 sparse shrub or grass (USGS, "Landsat Normalized Difference Vegetation Index"); on the demo season the
 * maize seedbed in May (NDVI ≈ 0.14, NDMI ≈ −0.11) no longer raises three false alerts. See docs/ALERTS.md.
 */
export const WATER_STRESS_MIN_NDVI = 0.3;

/** The defaults of a parcel that has never saved its rules. */
export const ALERT_RULE_DEFAULTS: Record<AlertRuleName, AlertRuleConfig> = {
  NEW_IMAGE: { rule: 'NEW_IMAGE', enabled: true, index: 'NDVI', threshold: null, share: null },
  DROP: { rule: 'DROP', enabled: true, index: 'NDVI', threshold: 0.1, share: null },
  WATER_STRESS: { rule: 'WATER_STRESS', enabled: true, index: 'NDMI', threshold: WATER_STRESS_DEFAULT, share: null },
  PARTIAL_DROP: { rule: 'PARTIAL_DROP', enabled: true, index: 'NDVI', threshold: 0.1, share: 0.2 },
};

/** E-mail per rule by default: a new image every few days would be noise; the three problems are worth a mail. */
export const ALERT_EMAIL_DEFAULTS: Record<AlertRuleName, boolean> = {
  NEW_IMAGE: false,
  DROP: true,
  WATER_STRESS: true,
  PARTIAL_DROP: true,
};

const fall = z
  .number('validation.alertThreshold')
  .min(0.01, 'validation.alertThreshold')
  .max(1, 'validation.alertThreshold');
const share = z.number('validation.alertShare').min(0.01, 'validation.alertShare').max(1, 'validation.alertShare');

/** PUT /parcelle/{id}/alert-rules: the four rules, each once. */
export const AlertRulesInput = z
  .object({
    rules: z
      .array(
        z.discriminatedUnion(
          'rule',
          [
            z.object({ rule: z.literal('NEW_IMAGE'), enabled: z.boolean('validation.invalid') }),
            z.object({ rule: z.literal('DROP'), enabled: z.boolean('validation.invalid'), threshold: fall }),
            z.object({
              rule: z.literal('WATER_STRESS'),
              enabled: z.boolean('validation.invalid'),
              threshold: z
                .number('validation.alertThreshold')
                .min(-1, 'validation.alertThreshold')
                .max(1, 'validation.alertThreshold'),
            }),
            z.object({
              rule: z.literal('PARTIAL_DROP'),
              enabled: z.boolean('validation.invalid'),
              threshold: fall,
              share,
            }),
          ],
          'validation.invalid',
        ),
        'validation.invalid',
      )
      .min(1, 'validation.required')
      .max(ALERT_RULE_NAMES.length, 'validation.invalid'),
  })
  .refine((v) => new Set(v.rules.map((r) => r.rule)).size === v.rules.length, {
    message: 'validation.invalid',
    path: ['rules'],
  });
export type AlertRulesInput = z.infer<typeof AlertRulesInput>;

const perRule = z.object({
  NEW_IMAGE: z.boolean('validation.invalid'),
  DROP: z.boolean('validation.invalid'),
  WATER_STRESS: z.boolean('validation.invalid'),
  PARTIAL_DROP: z.boolean('validation.invalid'),
});

/** The bell (notification centre) per rule by default: every alert, as before the choice existed. */
export const ALERT_BELL_DEFAULTS: Record<AlertRuleName, boolean> = {
  NEW_IMAGE: true,
  DROP: true,
  WATER_STRESS: true,
  PARTIAL_DROP: true,
};

/** SMS per rule by default: none — the farmer chooses, once their phone is verified (issue 31 §4). */
export const ALERT_SMS_DEFAULTS: Record<AlertRuleName, boolean> = {
  NEW_IMAGE: false,
  DROP: false,
  WATER_STRESS: false,
  PARTIAL_DROP: false,
};

/**
 * GET /alerts/settings: the language of e-mails and SMS, and per alert kind the channels — bell (notification
 * centre), e-mail, SMS (issue 31 §4; SMS reaches a phone only once verified and opted in: GET /sms).
 */
export const AlertSettingsAnswer = z.object({
  language: z.enum(['ar', 'fr'], 'validation.invalid'),
  bell: perRule,
  email: perRule,
  sms: perRule,
});
export type AlertSettings = z.infer<typeof AlertSettingsAnswer>;

/** PUT /alerts/settings: `bell` and `sms` may be left out (then kept as they are), as clients before them send. */
export const AlertSettingsInput = AlertSettingsAnswer.extend({ bell: perRule.optional(), sms: perRule.optional() });
export type AlertSettingsInput = z.infer<typeof AlertSettingsInput>;

export interface AlertItem {
  id: number;
  parcelId: number;
  parcelName: string;
  rule: AlertRuleName;
  /** The acquisition's day, YYYY-MM-DD. */
  date: string;
  sceneId: string;
  index: string;
  /** DROP: the mean now; WATER_STRESS: the NDMI median; PARTIAL_DROP: the share that fell; NEW_IMAGE: valid fraction. */
  value: number | null;
  previous: number | null;
  previousDate: string | null;
  threshold: number | null;
  share: number | null;
  /** DROP: likely the harvest (after the season's peak, at the crop's harvest time), not damage. */
  likelyHarvest: boolean;
  /** WATER_STRESS: the root zone's depletion and readily available water (mm), when the balance was known. */
  depletion: number | null;
  raw: number | null;
  createdAt: string;
  read: boolean;
}

export interface AlertList {
  unread: number;
  alerts: AlertItem[];
}

export interface ParcelAlertRules {
  parcelId: number;
  rules: AlertRuleConfig[];
}
