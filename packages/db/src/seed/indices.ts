import { INDEX_REGISTRY } from '@filaha/shared';
import type { LocalizedText, Recommendation } from '../schema/index.ts';
import { defaultLegendRows, type DefaultLegendRow } from './legends.ts';

type SeededCode = 'NDVI' | 'NDMI' | 'NDWI' | 'NDRE' | 'MSAVI';

/** The texts the seed writes for an index; its name and default legend come from the registry (@filaha/shared). */
interface SeedTexts {
  code: SeededCode;
  description: LocalizedText;
  recommendations: Recommendation[];
}

export interface SeedIndex extends SeedTexts {
  name: string;
  legends: DefaultLegendRow[];
}

const range = (fr: string, ar: string): LocalizedText => ({ fr, ar });

/** The five indices of the product with bilingual texts (IMAGERY.md). */
const SEED_TEXTS: SeedTexts[] = [
  {
    code: 'NDVI',
    description: {
      fr: "L'indice de végétation par différence normalisée (NDVI) compare le rouge, absorbé par la chlorophylle, au proche infrarouge, réfléchi par les feuilles. Il mesure la vigueur et la densité du couvert végétal : plus la valeur est élevée, plus la végétation est dense et active.",
      ar: 'مؤشر الغطاء النباتي بالفرق المعياري (NDVI) يقارن الضوء الأحمر الذي يمتصه اليخضور بالأشعة تحت الحمراء القريبة التي تعكسها الأوراق. يقيس قوة الغطاء النباتي وكثافته: كلما ارتفعت القيمة كان الغطاء أكثف وأنشط.',
    },
    recommendations: [
      {
        range: range('Inférieur à 0', 'أقل من 0'),
        fr: "Eau, sol nu humide ou surface non végétale. Vérifiez le contour de la parcelle et la présence d'eau stagnante.",
        ar: 'ماء أو تربة عارية رطبة أو سطح غير نباتي. تحقق من حدود القطعة ومن وجود مياه راكدة.',
      },
      {
        range: range('0 à 0,2', '0 إلى 0,2'),
        fr: "Sol nu ou végétation très faible. C'est normal juste après le semis. Sinon, vérifiez la levée, l'irrigation et la fertilisation.",
        ar: 'تربة عارية أو غطاء نباتي ضعيف جدا. هذا طبيعي بعد الزرع مباشرة. وإلا فتحقق من الإنبات والري والتسميد.',
      },
      {
        range: range('0,2 à 0,4', '0,2 إلى 0,4'),
        fr: "Végétation clairsemée ou stressée. Inspectez les zones faibles : manque d'eau, carence en azote, maladies ou ravageurs.",
        ar: 'غطاء نباتي متفرق أو مجهد. افحص المناطق الضعيفة: نقص الماء أو نقص الآزوت أو الأمراض أو الآفات.',
      },
      {
        range: range('0,4 à 0,6', '0,4 إلى 0,6'),
        fr: "Végétation modérée. Maintenez l'irrigation et la fertilisation. Suivez l'évolution aux prochaines dates.",
        ar: 'غطاء نباتي متوسط. حافظ على الري والتسميد. تابع التطور في التواريخ القادمة.',
      },
      {
        range: range('Supérieur à 0,6', 'أكثر من 0,6'),
        fr: 'Végétation dense et vigoureuse. Poursuivez les pratiques actuelles. Surveillez les zones plus faibles de la parcelle.',
        ar: 'غطاء نباتي كثيف وقوي. واصل الممارسات الحالية. راقب المناطق الأضعف داخل القطعة.',
      },
    ],
  },
  {
    code: 'NDMI',
    description: {
      fr: "L'indice d'humidité par différence normalisée (NDMI) compare le proche infrarouge et l'infrarouge à ondes courtes, sensible à l'eau contenue dans les feuilles. Il révèle le stress hydrique avant qu'il ne soit visible à l'œil nu.",
      ar: 'مؤشر الرطوبة بالفرق المعياري (NDMI) يقارن الأشعة تحت الحمراء القريبة بالأشعة تحت الحمراء قصيرة الموجة الحساسة للماء الموجود في الأوراق. يكشف الإجهاد المائي قبل أن يظهر للعين المجردة.',
    },
    recommendations: [
      {
        range: range('Inférieur à 0', 'أقل من 0'),
        fr: "Végétation sèche ou sol nu. Irriguez en priorité et vérifiez le réseau d'irrigation.",
        ar: 'نباتات جافة أو تربة عارية. أعط الأولوية للري وتحقق من شبكة الري.',
      },
      {
        range: range('0 à 0,2', '0 إلى 0,2'),
        fr: "Humidité faible à modérée. Surveillez l'évolution et ajustez les doses d'irrigation.",
        ar: 'رطوبة ضعيفة إلى متوسطة. راقب التطور واضبط كميات الري.',
      },
      {
        range: range('0,2 à 0,4', '0,2 إلى 0,4'),
        fr: 'Bonne teneur en eau du couvert. Maintenez le calendrier d’irrigation.',
        ar: 'محتوى مائي جيد للغطاء النباتي. حافظ على برنامج الري.',
      },
      {
        range: range('Supérieur à 0,4', 'أكثر من 0,4'),
        fr: "Teneur en eau élevée. Évitez l'excès d'irrigation, qui favorise les maladies fongiques.",
        ar: 'محتوى مائي مرتفع. تجنب الإفراط في الري لأنه يشجع الأمراض الفطرية.',
      },
    ],
  },
  {
    code: 'NDWI',
    description: {
      fr: "L'indice de l'eau par différence normalisée (NDWI, McFeeters) compare le vert et le proche infrarouge pour repérer l'eau libre : bassins, retenues, zones inondées.",
      ar: 'مؤشر الماء بالفرق المعياري (NDWI، ماكفيترز) يقارن اللون الأخضر بالأشعة تحت الحمراء القريبة لتحديد المياه المكشوفة: الأحواض والسدود والمناطق المغمورة.',
    },
    recommendations: [
      {
        range: range('Inférieur à 0', 'أقل من 0'),
        fr: "Terre ferme ou végétation : pas d'eau libre.",
        ar: 'أرض يابسة أو غطاء نباتي: لا توجد مياه مكشوفة.',
      },
      {
        range: range('0 à 0,2', '0 إلى 0,2'),
        fr: 'Sol très humide ou zone inondable. Vérifiez le drainage.',
        ar: 'تربة رطبة جدا أو منطقة قابلة للغمر. تحقق من التصريف.',
      },
      {
        range: range('Supérieur à 0,2', 'أكثر من 0,2'),
        fr: 'Eau libre : bassin, retenue ou inondation.',
        ar: 'مياه مكشوفة: حوض أو سد أو فيضان.',
      },
    ],
  },
  {
    code: 'NDRE',
    description: {
      fr: "L'indice NDRE (bord du rouge) compare le proche infrarouge à la bande « red edge ». Plus sensible que le NDVI sur les cultures denses, il renseigne sur la teneur en chlorophylle et donc sur la nutrition azotée.",
      ar: 'مؤشر NDRE (الحافة الحمراء) يقارن الأشعة تحت الحمراء القريبة بنطاق الحافة الحمراء. هو أكثر حساسية من NDVI في المحاصيل الكثيفة، ويدل على محتوى اليخضور وبالتالي على التغذية الآزوتية.',
    },
    recommendations: [
      {
        range: range('Inférieur à 0,2', 'أقل من 0,2'),
        fr: "Chlorophylle faible ou sol nu. Vérifiez la nutrition azotée et l'état sanitaire.",
        ar: 'يخضور ضعيف أو تربة عارية. تحقق من التغذية الآزوتية والحالة الصحية.',
      },
      {
        range: range('0,2 à 0,35', '0,2 إلى 0,35'),
        fr: 'Chlorophylle modérée. Un apport d’azote fractionné peut être utile.',
        ar: 'يخضور متوسط. قد يفيد تسميد آزوتي مجزأ.',
      },
      {
        range: range('0,35 à 0,5', '0,35 إلى 0,5'),
        fr: 'Bonne teneur en chlorophylle. Maintenez le programme de fertilisation.',
        ar: 'محتوى جيد من اليخضور. حافظ على برنامج التسميد.',
      },
      {
        range: range('Supérieur à 0,5', 'أكثر من 0,5'),
        fr: 'Teneur en chlorophylle très élevée. Aucune correction nécessaire.',
        ar: 'محتوى مرتفع جدا من اليخضور. لا حاجة لأي تصحيح.',
      },
    ],
  },
  {
    code: 'MSAVI',
    description: {
      fr: "L'indice de végétation ajusté au sol (MSAVI) corrige l'influence du sol nu visible entre les plants. Il est adapté aux débuts de cycle et aux cultures peu couvrantes, là où le NDVI est faussé par le sol.",
      ar: 'مؤشر الغطاء النباتي المعدل حسب التربة (MSAVI) يصحح تأثير التربة العارية الظاهرة بين النباتات. يناسب بداية الموسم والمحاصيل قليلة التغطية حيث يتأثر NDVI بالتربة.',
    },
    recommendations: [
      {
        range: range('Inférieur à 0,2', 'أقل من 0,2'),
        fr: 'Sol nu ou levée en cours. Vérifiez la densité de semis et la levée.',
        ar: 'تربة عارية أو إنبات جار. تحقق من كثافة الزرع والإنبات.',
      },
      {
        range: range('0,2 à 0,4', '0,2 إلى 0,4'),
        fr: 'Couvert en développement. Surveillez les manques à la levée et les adventices.',
        ar: 'غطاء في طور النمو. راقب الفراغات في الإنبات والأعشاب الضارة.',
      },
      {
        range: range('0,4 à 0,6', '0,4 إلى 0,6'),
        fr: 'Couvert bien installé. Maintenez les apports en eau et en éléments nutritifs.',
        ar: 'غطاء جيد الاستقرار. حافظ على الري والتغذية.',
      },
      {
        range: range('Supérieur à 0,6', 'أكثر من 0,6'),
        fr: 'Couvert dense. Passez au NDVI ou au NDRE pour un suivi plus fin.',
        ar: 'غطاء كثيف. استعمل NDVI أو NDRE لمتابعة أدق.',
      },
    ],
  },
];

/** The seeded indices: texts, the registry's French name ('Indice NDVI') and default legend. */
export const SEED_INDICES: SeedIndex[] = SEED_TEXTS.map((texts) => ({
  ...texts,
  name: INDEX_REGISTRY[texts.code].names.fr,
  legends: defaultLegendRows(texts.code),
}));
