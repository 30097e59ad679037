/**
 * The Italian texts of a refused basket change (the place's failure text, then the server's reason
 * worded from its stable code: sagas/alert.ts `refusalAlert`). They join the catalogue when the
 * alert's reason chunk loads (src/components/AlertReason.tsx), at the first refusal, not with
 * every page.
 */
const refusalTexts = {
  alert: { withReason: '{{text}}. {{reason}}' },
  refusal: {
    product_not_found: 'Il prodotto non è più in vendita',
    size_not_found: 'La taglia scelta non esiste per questo prodotto',
    invalid_quantity: 'La quantità deve essere un numero positivo',
    quantity_above_maximum: 'Quantità massima ordinabile: {{max}} {{unit}}',
    quantity_above_maximum_inBasket: 'Quantità massima ordinabile: {{max}} {{unit}} (nel carrello: {{inBasket}} {{inBasketUnit}})',
    quantity_below_minimum: 'Quantità minima ordinabile: {{min}} {{unit}}',
    quantity_not_multiple_of_step: 'La quantità deve essere un multiplo di {{step}} {{unit}}',
    unknown_variant: 'Variante del prodotto non riconosciuta',
    product_unavailable: 'Prodotto non disponibile',
    gratis_product: 'Il prodotto omaggio non si può acquistare',
    points_only: 'Prodotto disponibile solo nel programma fedeltà',
    phone_price: 'Prezzo su richiesta: contattare il negozio',
    no_subscription: 'Il prodotto non si acquista in abbonamento',
    basket_full: 'Il carrello contiene già {{max}} righe, il massimo',
  },
};

export default refusalTexts;
