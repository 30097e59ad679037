/** Italian texts of the vehicle pages (issue 25): they load with the page's chunk (`addPageTexts`). */
const itVehiclePage = {
  vehiclePage: {
    breadcrumb: 'Percorso',
    brandTitle: 'Ricambi freni {{vehicle}}',
    modelTitle: 'Ricambi freni {{vehicle}}',
    engineTitle: 'Ricambi freni per {{vehicle}}',
    brandLead: 'Scegli il modello per vedere i suoi motori e i ricambi adatti.',
    modelLead: 'Scegli l\'anno e il motore per vedere i ricambi adatti, con le loro note di montaggio.',
    engineLead: 'I ricambi adatti a questo veicolo, per categoria: per ciascuno l\'asse, il periodo di produzione e le note di montaggio.',
    models: 'Modelli',
    engines: 'Motori',
    parts: 'Ricambi per categoria',
    partCount_one: '{{count}} ricambio',
    partCount_other: '{{count}} ricambi',
    producer: 'Marca: {{producer}}',
    noNotes: 'Nessuna nota di montaggio',
    allInCategory: 'Tutti i {{count}} ricambi «{{category}}» adatti',
    noParts: 'Per ora nessun ricambio adatto a questo veicolo.',
    otherVehicles: 'Altri veicoli',
    modelsOf: 'Tutti i modelli {{brand}}',
    enginesOf: 'Tutti i motori {{model}}',
  },
};

export default itVehiclePage;
