/** Italian texts of the not-found page (its search box and category links): they load with that page. */
const itNotFound = {
  noProduct: {
    pageTitle: 'Pagina non trovata',
    pageLead: 'L’indirizzo che hai aperto non esiste o non è più disponibile.',
    searchLabel: 'Cerca un ricambio',
    searchSubmit: 'Cerca',
    categories: 'Oppure scegli una categoria',
  },
};

export default itNotFound;
