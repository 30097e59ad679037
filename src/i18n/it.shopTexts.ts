/**
 * Texts the shop's server writes into its answers (issue 34): availability labels, the product
 * description's own headings and labels, the default unit, the snippet bar and the trust note.
 * Server only (server/catalogueLanguage.ts): they reach the page inside the answers, so no page
 * chunk carries them. Polish and English have the same keys in pl.ts / en.ts.
 */
const itShopTexts = {
  shopTexts: {
    status: { enable: 'Disponibile', order: 'Su ordinazione', disable: 'Non disponibile', tel: 'Disponibilità e prezzo al telefono' },
    description: {
      info: 'Informazioni sul prodotto',
      producer: 'Produttore',
      catalogueNumber: 'Codice catalogo',
      replacements: 'Codici di ricambio',
      engines: 'Motori compatibili',
    },
    /** The unit a product is counted in when its catalogue names the shop's default ('pz.'). */
    unit: 'pz.',
    snippets: {
      deliveryMobile: 'Spedizione in 2-4 giorni lavorativi',
      delivery: 'Ordina entro le 14:00: spedizione in giornata · Spedizione gratuita da {{amount}} €',
      trust: 'Pagamenti sicuri · Reso entro 14 giorni · Assistenza tecnica',
      freeShipping: 'Spedizione gratuita per ordini da {{amount}} €',
    },
  },
};

export default itShopTexts;
