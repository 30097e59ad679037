/**
 * The Italian texts of the brake finder's comparison (its panel and tables): they join the
 * catalogue when the comparison's chunk loads (runtime.ts `addPageTexts`), not with every page.
 */
const compare = {
    title: 'Confronto prodotti',
    close: 'Chiudi il confronto',
    minimum: 'Selezionare almeno 2 prodotti per il confronto',
    categories: 'Categorie a confronto',
    tab: '{{title}} ({{count}})',
    scrollHint: 'Scorri la tabella in orizzontale per vedere tutti i prodotti.',
    feature: 'Caratteristica',
    onlyDifferences: 'Mostra solo le differenze',
    legend: 'Le righe segnate con ≠ hanno valori diversi tra i prodotti.',
    differs: 'valori diversi',
    none: 'non indicato',
    newTab: '(si apre in una nuova scheda)',
    remove: 'Rimuovi',
    removeNamed: 'Rimuovi {{name}} dal confronto',
    price: 'Prezzo',
    catalogueNumber: 'Codice catalogo',
    producer: 'Produttore',
    photoAlt: 'Foto: {{name}}',
    drawingAlt: 'Disegno tecnico {{number}}',
    noDrawing: 'Disegno non disponibile',
    engineCount: '{{name}} ({{count}})',
    rows: {
      photo: 'Foto',
      drawing: 'Disegno tecnico',
      details: 'Dettagli',
      axis: 'Asse',
      width: 'Larghezza [mm]',
      height: 'Altezza [mm]',
      thickness: 'Spessore [mm]',
      minThickness: 'Spessore minimo [mm]',
      wva: 'Numero WVA',
      wear: 'Contatto segnalatore usura',
      diameter: 'Diametro [mm]',
      discType: 'Tipo disco',
      holes: 'Numero fori',
      centering: 'Centraggio [mm]',
      contents: 'Contenuto',
      replacements: 'Codici di ricambio',
      engines: 'Compatibilità motori',
    },
  };

export default { compare };
