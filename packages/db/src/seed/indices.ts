import type { LocalizedText, Recommendation } from '../schema/index.ts';

export interface SeedLegend {
  start: number;
  end: number;
  color: string;
  fr: string;
  ar: string;
}
export interface SeedIndex {
  code: 'NDVI' | 'NDMI' | 'NDWI' | 'NDRE' | 'MSAVI';
  name: string;
  description: LocalizedText;
  recommendations: Recommendation[];
  legends: SeedLegend[];
}

const range = (fr: string, ar: string): LocalizedText => ({ fr, ar });

/**
 * The five indices of the product with bilingual texts and default legends (IMAGERY.md). Legend
 * intervals are [start, end); the outer ends are −1 and 1, the bounds of these normalised indices.
 */
export const SEED_INDICES: SeedIndex[] = [
  {
    code: 'NDVI',
    name: 'Indice NDVI',
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
    legends: [
      { start: -1, end: 0, color: 'rgb(128, 118, 105)', fr: 'Eau ou surface non végétale', ar: 'ماء أو سطح غير نباتي' },
      { start: 0, end: 0.2, color: 'rgb(165, 81, 42)', fr: 'Sol nu', ar: 'تربة عارية' },
      {
        start: 0.2,
        end: 0.4,
        color: 'rgb(240, 210, 60)',
        fr: 'Végétation clairsemée ou stressée',
        ar: 'غطاء نباتي متفرق أو مجهد',
      },
      { start: 0.4, end: 0.6, color: 'rgb(140, 200, 80)', fr: 'Végétation modérée', ar: 'غطاء نباتي متوسط' },
      { start: 0.6, end: 1, color: 'rgb(26, 120, 50)', fr: 'Végétation dense et saine', ar: 'غطاء نباتي كثيف وسليم' },
    ],
  },
  {
    code: 'NDMI',
    name: 'Indice NDMI',
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
    legends: [
      { start: -1, end: 0, color: 'rgb(222, 203, 164)', fr: 'Sec', ar: 'جاف' },
      { start: 0, end: 0.2, color: 'rgb(173, 216, 230)', fr: 'Humidité faible', ar: 'رطوبة ضعيفة' },
      { start: 0.2, end: 0.4, color: 'rgb(70, 130, 200)', fr: 'Humidité bonne', ar: 'رطوبة جيدة' },
      { start: 0.4, end: 1, color: 'rgb(8, 48, 140)', fr: 'Humidité élevée', ar: 'رطوبة مرتفعة' },
    ],
  },
  {
    code: 'NDWI',
    name: 'Indice NDWI',
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
    legends: [
      { start: -1, end: 0, color: 'rgb(150, 160, 120)', fr: 'Terre', ar: 'يابسة' },
      { start: 0, end: 0.2, color: 'rgb(120, 190, 220)', fr: 'Sol humide', ar: 'تربة رطبة' },
      { start: 0.2, end: 1, color: 'rgb(20, 80, 200)', fr: 'Eau libre', ar: 'مياه مكشوفة' },
    ],
  },
  {
    code: 'NDRE',
    name: 'Indice NDRE',
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
    legends: [
      { start: -1, end: 0.2, color: 'rgb(165, 81, 42)', fr: 'Chlorophylle faible', ar: 'يخضور ضعيف' },
      { start: 0.2, end: 0.35, color: 'rgb(240, 210, 60)', fr: 'Chlorophylle modérée', ar: 'يخضور متوسط' },
      { start: 0.35, end: 0.5, color: 'rgb(140, 200, 80)', fr: 'Chlorophylle bonne', ar: 'يخضور جيد' },
      { start: 0.5, end: 1, color: 'rgb(26, 120, 50)', fr: 'Chlorophylle très élevée', ar: 'يخضور مرتفع جدا' },
    ],
  },
  {
    code: 'MSAVI',
    name: 'Indice MSAVI',
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
    legends: [
      { start: -1, end: 0.2, color: 'rgb(165, 81, 42)', fr: 'Sol nu', ar: 'تربة عارية' },
      { start: 0.2, end: 0.4, color: 'rgb(240, 210, 60)', fr: 'Couvert en développement', ar: 'غطاء في طور النمو' },
      { start: 0.4, end: 0.6, color: 'rgb(140, 200, 80)', fr: 'Couvert installé', ar: 'غطاء مستقر' },
      { start: 0.6, end: 1, color: 'rgb(26, 120, 50)', fr: 'Couvert dense', ar: 'غطاء كثيف' },
    ],
  },
];
