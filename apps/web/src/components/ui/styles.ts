/** The frame of a back-office card (the forms and lists of a screen). */
export const card = 'rounded-2xl border border-stone-200 bg-white p-4 sm:p-6';
