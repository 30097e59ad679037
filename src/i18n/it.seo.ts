/**
 * The Italian texts for search engines and link previews (src/domain/seo.ts): titles, meta
 * descriptions, breadcrumbs. Used by the server as it draws a page's head, never by the
 * browser's bundle, so they are not part of the core catalogue it downloads.
 */
const seo = {
    titleSuffix: ' | {{shop}}',
    homeTitle: 'Ricambi freni per auto: pastiglie, dischi e kit',
    homeDescription: 'Pastiglie, dischi e kit freni delle migliori marche per ogni auto. Cerca per veicolo, nome o codice OE e ricevi il ricambio giusto in pochi giorni.',
    productTitle: '{{name}} – {{maker}}',
    productDescription: '{{text}} {{maker}}.',
    listingTitle: 'Ricambi freni',
    listingProducer: '{{title}} {{producer}}',
    listingVehicle: '{{title}} per {{vehicle}}',
    listingPage: '{{title}} – pagina {{page}}',
    listingDescription_one: '{{title}}: {{count}} ricambio delle migliori marche, con prezzi, disponibilità e tempi di spedizione. Scegli il tuo veicolo per vedere i ricambi adatti.',
    listingDescription_other: '{{title}}: {{count}} ricambi delle migliori marche, con prezzi, disponibilità e tempi di spedizione. Scegli il tuo veicolo per vedere i ricambi adatti.',
    listingEmptyDescription: '{{title}}: al momento nessun ricambio corrisponde alla ricerca.',
    searchTitle: 'Risultati per «{{text}}»',
    searchDescription: 'Ricambi freni trovati per «{{text}}»: pastiglie, dischi e kit con prezzi e disponibilità.',
    basketTitle: 'Il tuo carrello',
    basketDescription: 'I prodotti nel tuo carrello, le spese di spedizione e i tempi di consegna.',
    checkoutTitle: 'Cassa',
    orderTitle: 'Il tuo ordine',
    checkoutDescription: 'I tuoi dati, la consegna e il pagamento, poi il riepilogo dell’ordine prima di confermarlo.',
    orderDescription: 'Il tuo ordine: i ricambi, la consegna, il pagamento e i prossimi passi.',
    brakesTitle: 'Configuratore freni: trova pastiglie e dischi per la tua auto',
    brakesDescription: 'Scegli marca, modello e motore o inserisci un codice OE: il configuratore mostra le pastiglie e i dischi freno adatti e li confronta.',
    contactTitle: 'Contatti e assistenza',
    contactDescription: 'Scrivici per un ordine, un reso o per scegliere il ricambio giusto: ti rispondiamo entro un giorno lavorativo.',
    noProductTitle: 'Prodotto non trovato',
    noProductDescription: 'Il prodotto che cerchi non esiste o non è più disponibile.',
    breadcrumbHome: 'Home',
    vehicleBrandTitle: 'Ricambi freni {{vehicle}}: tutti i modelli',
    vehicleBrandDescription: 'Pastiglie, dischi e kit freni per ogni modello {{vehicle}}: scegli il modello e il motore per vedere i ricambi adatti.',
    vehicleModelTitle: 'Ricambi freni {{vehicle}}: tutti i motori',
    vehicleModelDescription: 'Pastiglie, dischi e kit freni per {{vehicle}}: scegli l\'anno e il motore per vedere i ricambi adatti con le loro note di montaggio.',
    vehicleEngineTitle: 'Ricambi freni per {{vehicle}}',
    vehicleEngineDescription: 'I ricambi freni adatti a {{vehicle}}, per categoria, con asse, periodo di produzione e note di montaggio di ciascuno.',
  };

export default seo;
