/**
 * Italian texts of fit notes and the garage panel (issue 25): they load with the fit notes'
 * the header's garage button and the garage panel's chunks (`addPageTexts`); the basket lines'
 * "per: {vehicle}" is in the core catalogue.
 */
const itFitment = {
  garage: {
    button: 'Garage',
    count_one: '{{count}} veicolo nel garage',
    count_other: '{{count}} veicoli nel garage',
    title: 'Il tuo garage',
    close: 'Chiudi il garage',
    chosen: 'In uso',
    isDefault: 'Predefinito',
    use: 'Usa',
    useLabel: 'Usa {{vehicle}}',
    makeDefault: 'Rendi predefinito',
    makeDefaultLabel: 'Rendi predefinito {{vehicle}}',
    remove: 'Rimuovi',
    removeLabel: 'Rimuovi {{vehicle}} dal garage',
    name: 'Nome (facoltativo)',
    save: 'Salva',
    saveLabel: 'Salva il nome di {{vehicle}}',
    add: 'Aggiungi un veicolo',
    empty: 'Il garage è vuoto.',
  },
  fit: {
    lineDoesNotFit: 'Attenzione: questo ricambio non è adatto a {{vehicle}}, il veicolo scelto ora.',
    fits: 'Adatto a {{vehicle}}',
    check: 'Adatto a {{vehicle}}, verifica:',
    none: 'Non adatto a {{vehicle}}',
    lineCheck: 'Adatto a {{vehicle}}: verifica la nota nella pagina del prodotto',
    universal: 'Non specifico per veicolo: va bene per {{vehicle}} e per qualsiasi altro veicolo',
    partsThatFit: 'Vedi i ricambi adatti',
    position: { front: 'asse anteriore', rear: 'asse posteriore' },
    from: 'veicoli prodotti da {{month}}',
    to: 'veicoli prodotti fino a {{month}}',
    note: {
      abs: 'con ABS',
      noAbs: 'senza ABS',
      sportPackage: 'per veicoli con pacchetto sportivo',
      electricParkingBrake: 'con freno di stazionamento elettrico',
      discDiameter: 'diametro disco {{value}} mm',
    },
    alsoFits: 'Adatto anche a: {{vehicles}}',
  },
};

export default itFitment;
