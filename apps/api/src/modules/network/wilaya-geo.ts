/**
 * Geography for ranking suggestions: the approximate coordinates of each wilaya's capital (degrees, WGS84)
 * and which wilayas share a border (the 58 wilayas of the 2019 reform). Compiled by hand from public maps:
 * good enough to rank "nearby" people, not a survey. Index = wilaya code − 1.
 */
const CAPITALS: ReadonlyArray<readonly [lat: number, lon: number]> = [
  [27.87, -0.29], // 1 Adrar
  [36.17, 1.33], // 2 Chlef
  [33.8, 2.88], // 3 Laghouat
  [35.88, 7.11], // 4 Oum El Bouaghi
  [35.56, 6.17], // 5 Batna
  [36.75, 5.08], // 6 Béjaïa
  [34.85, 5.73], // 7 Biskra
  [31.62, -2.22], // 8 Béchar
  [36.47, 2.83], // 9 Blida
  [36.37, 3.9], // 10 Bouira
  [22.79, 5.52], // 11 Tamanrasset
  [35.4, 8.12], // 12 Tébessa
  [34.88, -1.32], // 13 Tlemcen
  [35.37, 1.32], // 14 Tiaret
  [36.71, 4.05], // 15 Tizi Ouzou
  [36.75, 3.06], // 16 Alger
  [34.67, 3.25], // 17 Djelfa
  [36.82, 5.77], // 18 Jijel
  [36.19, 5.41], // 19 Sétif
  [34.83, 0.15], // 20 Saïda
  [36.88, 6.91], // 21 Skikda
  [35.19, -0.63], // 22 Sidi Bel Abbès
  [36.9, 7.77], // 23 Annaba
  [36.46, 7.43], // 24 Guelma
  [36.37, 6.61], // 25 Constantine
  [36.26, 2.75], // 26 Médéa
  [35.93, 0.09], // 27 Mostaganem
  [35.71, 4.54], // 28 M'Sila
  [35.4, 0.14], // 29 Mascara
  [31.95, 5.33], // 30 Ouargla
  [35.7, -0.63], // 31 Oran
  [33.68, 1.02], // 32 El Bayadh
  [26.48, 8.47], // 33 Illizi
  [36.07, 4.76], // 34 Bordj Bou Arréridj
  [36.76, 3.48], // 35 Boumerdès
  [36.77, 8.31], // 36 El Tarf
  [27.67, -8.15], // 37 Tindouf
  [35.61, 1.81], // 38 Tissemsilt
  [33.37, 6.86], // 39 El Oued
  [35.44, 7.14], // 40 Khenchela
  [36.29, 7.95], // 41 Souk Ahras
  [36.59, 2.45], // 42 Tipaza
  [36.45, 6.26], // 43 Mila
  [36.26, 1.97], // 44 Aïn Defla
  [33.27, -0.31], // 45 Naâma
  [35.3, -1.14], // 46 Aïn Témouchent
  [32.49, 3.67], // 47 Ghardaïa
  [35.74, 0.56], // 48 Relizane
  [29.26, 0.24], // 49 Timimoun
  [21.33, 0.95], // 50 Bordj Badji Mokhtar
  [34.42, 5.07], // 51 Ouled Djellal
  [30.13, -2.17], // 52 Béni Abbès
  [27.2, 2.47], // 53 In Salah
  [19.57, 5.77], // 54 In Guezzam
  [33.1, 6.07], // 55 Touggourt
  [24.55, 9.48], // 56 Djanet
  [33.95, 5.92], // 57 El M'Ghair
  [30.58, 2.88], // 58 El Meniaa
];

/** Shared borders, each pair once (the lookup is made symmetric below). */
// prettier-ignore
const BORDERS: ReadonlyArray<readonly [number, number]> = [
  [1, 37], [1, 49], [1, 50], [1, 52], [1, 53],
  [2, 27], [2, 38], [2, 42], [2, 44], [2, 48],
  [3, 14], [3, 17], [3, 32], [3, 47],
  [4, 5], [4, 12], [4, 24], [4, 25], [4, 40], [4, 41], [4, 43],
  [5, 7], [5, 19], [5, 28], [5, 40], [5, 43],
  [6, 10], [6, 15], [6, 18], [6, 19], [6, 34],
  [7, 28], [7, 39], [7, 40], [7, 51], [7, 57],
  [8, 32], [8, 37], [8, 45], [8, 52],
  [9, 10], [9, 16], [9, 26], [9, 35], [9, 42], [9, 44],
  [10, 15], [10, 26], [10, 28], [10, 34], [10, 35],
  [11, 33], [11, 50], [11, 53], [11, 54], [11, 56],
  [12, 39], [12, 40], [12, 41],
  [13, 22], [13, 45], [13, 46],
  [14, 17], [14, 20], [14, 29], [14, 32], [14, 38], [14, 48],
  [15, 35],
  [16, 35], [16, 42],
  [17, 26], [17, 28], [17, 47], [17, 51],
  [18, 19], [18, 21], [18, 43],
  [19, 28], [19, 34], [19, 43],
  [20, 22], [20, 29], [20, 32], [20, 45],
  [21, 23], [21, 24], [21, 25], [21, 43],
  [22, 29], [22, 31], [22, 45], [22, 46],
  [23, 24], [23, 36],
  [24, 25], [24, 36], [24, 41],
  [25, 43],
  [26, 28], [26, 38], [26, 44],
  [27, 29], [27, 31], [27, 48],
  [28, 34], [28, 51],
  [29, 31], [29, 48],
  [30, 33], [30, 39], [30, 47], [30, 53], [30, 55], [30, 58],
  [31, 46],
  [32, 45], [32, 47], [32, 49], [32, 58],
  [33, 53], [33, 56],
  [36, 41],
  [37, 52],
  [38, 44], [38, 48],
  [39, 40], [39, 55], [39, 57],
  [47, 58],
  [49, 52], [49, 53], [49, 58],
  [53, 58],
  [55, 57],
];

export const WILAYA_COUNT = CAPITALS.length;

const NEIGHBOURS: ReadonlyArray<ReadonlySet<number>> = (() => {
  const sets = CAPITALS.map(() => new Set<number>());
  for (const [a, b] of BORDERS) {
    sets[a - 1]?.add(b);
    sets[b - 1]?.add(a);
  }
  return sets;
})();

/** Wilaya codes sharing a border with `wilayaId` (empty for an unknown code). */
export function neighboursOf(wilayaId: number): number[] {
  return [...(NEIGHBOURS[wilayaId - 1] ?? [])].sort((a, b) => a - b);
}

/** Great-circle distance between two wilaya capitals in km (haversine), or null for an unknown code. */
export function capitalDistanceKm(a: number, b: number): number | null {
  const p = CAPITALS[a - 1];
  const q = CAPITALS[b - 1];
  if (!p || !q) return null;
  const rad = Math.PI / 180;
  const dLat = (q[0] - p[0]) * rad;
  const dLon = (q[1] - p[1]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(p[0] * rad) * Math.cos(q[0] * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Distances (km, rounded) from `wilayaId`'s capital to each capital, indexed by code − 1; all 0 when unknown. */
export function distancesFrom(wilayaId: number | null): number[] {
  return CAPITALS.map((_, i) => (wilayaId === null ? 0 : Math.round(capitalDistanceKm(wilayaId, i + 1) ?? 0)));
}

export const BORDER_PAIRS = BORDERS;
