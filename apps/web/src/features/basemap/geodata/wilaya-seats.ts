/**
 * The seat town of each of the 58 wilayas: [wilaya code, latitude, longitude], rounded to 0.01° (~1 km).
 * Names come from @filaha/shared WILAYAS (Arabic and French; each seat bears its wilaya's name).
 * Source of the coordinates: see README.md beside this file.
 */
export const WILAYA_SEATS: ReadonlyArray<readonly [number, number, number]> = [
  [1, 27.87, -0.29], // Adrar
  [2, 36.16, 1.33], // Chlef
  [3, 33.8, 2.88], // Laghouat
  [4, 35.88, 7.11], // Oum El Bouaghi
  [5, 35.56, 6.17], // Batna
  [6, 36.75, 5.06], // Béjaïa
  [7, 34.85, 5.73], // Biskra
  [8, 31.62, -2.22], // Béchar
  [9, 36.47, 2.83], // Blida
  [10, 36.37, 3.9], // Bouira
  [11, 22.79, 5.52], // Tamanrasset
  [12, 35.4, 8.12], // Tébessa
  [13, 34.88, -1.32], // Tlemcen
  [14, 35.37, 1.32], // Tiaret
  [15, 36.71, 4.05], // Tizi Ouzou
  [16, 36.75, 3.06], // Alger
  [17, 34.67, 3.26], // Djelfa
  [18, 36.82, 5.77], // Jijel
  [19, 36.19, 5.41], // Sétif
  [20, 34.83, 0.15], // Saïda
  [21, 36.88, 6.91], // Skikda
  [22, 35.19, -0.63], // Sidi Bel Abbès
  [23, 36.9, 7.77], // Annaba
  [24, 36.46, 7.43], // Guelma
  [25, 36.37, 6.61], // Constantine
  [26, 36.26, 2.75], // Médéa
  [27, 35.93, 0.09], // Mostaganem
  [28, 35.71, 4.54], // M'Sila
  [29, 35.4, 0.14], // Mascara
  [30, 31.95, 5.33], // Ouargla
  [31, 35.7, -0.63], // Oran
  [32, 33.68, 1.02], // El Bayadh
  [33, 26.5, 8.48], // Illizi
  [34, 36.07, 4.76], // Bordj Bou Arréridj
  [35, 36.76, 3.48], // Boumerdès
  [36, 36.77, 8.31], // El Tarf
  [37, 27.67, -8.15], // Tindouf
  [38, 35.61, 1.81], // Tissemsilt
  [39, 33.37, 6.86], // El Oued
  [40, 35.43, 7.14], // Khenchela
  [41, 36.29, 7.95], // Souk Ahras
  [42, 36.59, 2.45], // Tipaza
  [43, 36.45, 6.26], // Mila
  [44, 36.26, 1.97], // Aïn Defla
  [45, 33.27, -0.31], // Naâma
  [46, 35.3, -1.14], // Aïn Témouchent
  [47, 32.49, 3.67], // Ghardaïa
  [48, 35.74, 0.56], // Relizane
  [49, 29.26, 0.24], // Timimoun
  [50, 21.33, 0.95], // Bordj Badji Mokhtar
  [51, 34.42, 5.07], // Ouled Djellal
  [52, 30.13, -2.17], // Béni Abbès
  [53, 27.2, 2.47], // In Salah
  [54, 19.57, 5.77], // In Guezzam
  [55, 33.1, 6.07], // Touggourt
  [56, 24.55, 9.48], // Djanet
  [57, 33.95, 5.92], // El M'Ghair
  [58, 30.58, 2.88], // El Meniaa
];
