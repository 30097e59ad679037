/**
 * The shop's information pages (shipping, returns, instalments, parts warranty, terms) in
 * it / pl / en, as migration 4 stores them in `cms_pages`, and the matching the live search's
 * cms group does on them. Shared by every storage backend: the SQL differs, the pages and the
 * matching do not.
 *
 * The figures are the demo shop's own: couriers and prices of the `couriers` table, free
 * shipping from 79 EUR (setting free_shipping_from), islands +12 EUR and 2 days (the delivery
 * zip ranges), dispatch the same working day for orders by 14:00, instalments with Rate
 * Compass from 100 to 5,000 EUR and at most 20 products (setting instalments, the instalment
 * rule in src/domain/instalments.ts).
 */
import { foldText } from '../../src/domain/searchText';
import { addressIn, localizeHtmlLinks } from '../../src/domain/languagePaths';
import type { CmsPageResponse } from '../../src/api/wire';

export const CMS_LANGUAGES: readonly string[] = ['it', 'pl', 'en'];
export type CmsLanguage = 'it' | 'pl' | 'en';
export type CmsTopic = 'shipping' | 'returns' | 'instalments' | 'warranty' | 'terms';

export interface CmsPageRow {
  slug: string;
  lang: CmsLanguage;
  /** The same page in every language shares its topic. */
  topic: CmsTopic;
  title: string;
  body: string;
}

/** Every page lives at /pages/{slug} under its language's prefix (`/pl/pages/regulamin`); a slug is unique across languages. */
export const CMS_PAGE_PREFIX = '/pages/';
export const cmsPageLink = (slug: string, lang: string) => addressIn(lang, `${CMS_PAGE_PREFIX}${slug}`);

/** The addresses the placeholder pages had before migration 4: each now leads to its page. */
export const LEGACY_CMS_LINKS: Readonly<Record<string, string>> = {
  '/cms/spedizioni.html': 'spedizioni-e-consegne',
  '/cms/resi.html': 'resi-e-rimborsi',
  '/cms/garanzia.html': 'garanzia-sui-ricambi',
  '/cms/pagamento-rate.html': 'pagamento-a-rate',
};

/** The bodies link without a language: `cmsPageResponse` puts their links in the page's language. */
const link = (slug: string, text: string) => `<a href="${CMS_PAGE_PREFIX}${slug}">${text}</a>`;
const contact = (text: string) => `<a href="/contact.php">${text}</a>`;

export const CMS_PAGES: readonly CmsPageRow[] = [
  /* ---------------------------------------------------------------- shipping */
  {
    slug: 'spedizioni-e-consegne',
    lang: 'it',
    topic: 'shipping',
    title: 'Spedizioni e consegne',
    body: `<p>Spediamo pastiglie, dischi e kit freni con corriere espresso. I costi e i tempi qui sotto sono quelli che vedi sulla scheda prodotto e nel carrello: il totale definitivo è sempre indicato prima della conferma dell’ordine.</p>
<h2>Quando parte il tuo ordine</h2>
<p>Gli ordini dei prodotti disponibili in magazzino pagati entro le <strong>14:00</strong> di un giorno lavorativo partono il giorno stesso; quelli arrivati dopo partono il giorno lavorativo successivo. I prodotti <strong>su ordinazione</strong> partono quando arrivano dal fornitore: il numero di giorni è indicato sulla scheda prodotto e si aggiunge al tempo di consegna del corriere.</p>
<h2>Corrieri, costi e tempi</h2>
<table>
<thead><tr><th scope="col">Corriere</th><th scope="col">Pagamento</th><th scope="col">Costo</th><th scope="col">Consegna</th></tr></thead>
<tbody>
<tr><td>Poste Italiane</td><td>anticipato</td><td>4,90 €</td><td>4 giorni lavorativi</td></tr>
<tr><td>GLS</td><td>anticipato</td><td>5,90 €</td><td>3 giorni lavorativi</td></tr>
<tr><td>BRT</td><td>anticipato</td><td>6,90 €</td><td>2 giorni lavorativi</td></tr>
<tr><td>GLS contrassegno</td><td>alla consegna</td><td>8,90 €</td><td>3 giorni lavorativi</td></tr>
<tr><td>BRT contrassegno</td><td>alla consegna</td><td>9,90 €</td><td>2 giorni lavorativi</td></tr>
</tbody>
</table>
<h2>Spedizione gratuita da 79 €</h2>
<p>Con un ordine di almeno <strong>79 €</strong> la spedizione con i corrieri a pagamento anticipato è gratuita. Il carrello ti mostra quanto manca alla spedizione gratuita. Il contrassegno resta a pagamento.</p>
<h2>Isole e zone disagiate</h2>
<p>Per la Corsica, le Baleari, Madeira e le Azzorre il corriere applica un supplemento di <strong>12 €</strong> e impiega <strong>2 giorni lavorativi in più</strong>; per queste zone la spedizione gratuita non si applica. Inserisci paese e CAP nel carrello per vedere il costo esatto.</p>
<h2>Alla consegna</h2>
<p>Controlla che il pacco sia integro prima di firmare. Se è danneggiato, firma «con riserva» e scrivici entro 48 ore dal ${contact('modulo di contatto')} con il numero d’ordine e una foto: sostituiamo i ricambi danneggiati a nostre spese.</p>
<p>Vedi anche: ${link('resi-e-rimborsi', 'Resi e rimborsi')}.</p>`,
  },
  {
    slug: 'wysylka-i-dostawa',
    lang: 'pl',
    topic: 'shipping',
    title: 'Wysyłka i dostawa',
    body: `<p>Klocki, tarcze i zestawy hamulcowe wysyłamy kurierem ekspresowym. Koszty i terminy poniżej to te same, które widzisz na karcie produktu i w koszyku; ostateczna kwota jest zawsze podana przed potwierdzeniem zamówienia.</p>
<h2>Kiedy wysyłamy zamówienie</h2>
<p>Zamówienia produktów dostępnych w magazynie opłacone do godziny <strong>14:00</strong> w dniu roboczym wysyłamy tego samego dnia; późniejsze – w następnym dniu roboczym. Produkty <strong>na zamówienie</strong> wysyłamy, gdy dotrą od dostawcy: liczba dni jest podana na karcie produktu i dolicza się ją do czasu dostawy kuriera.</p>
<h2>Kurierzy, koszty i terminy</h2>
<table>
<thead><tr><th scope="col">Kurier</th><th scope="col">Płatność</th><th scope="col">Koszt</th><th scope="col">Dostawa</th></tr></thead>
<tbody>
<tr><td>Poste Italiane</td><td>z góry</td><td>4,90 €</td><td>4 dni robocze</td></tr>
<tr><td>GLS</td><td>z góry</td><td>5,90 €</td><td>3 dni robocze</td></tr>
<tr><td>BRT</td><td>z góry</td><td>6,90 €</td><td>2 dni robocze</td></tr>
<tr><td>GLS za pobraniem</td><td>przy odbiorze</td><td>8,90 €</td><td>3 dni robocze</td></tr>
<tr><td>BRT za pobraniem</td><td>przy odbiorze</td><td>9,90 €</td><td>2 dni robocze</td></tr>
</tbody>
</table>
<h2>Darmowa wysyłka od 79 €</h2>
<p>Przy zamówieniu za co najmniej <strong>79 €</strong> wysyłka kurierem z płatnością z góry jest bezpłatna. Koszyk pokazuje, ile brakuje do darmowej wysyłki. Wysyłka za pobraniem pozostaje płatna.</p>
<h2>Wyspy i obszary trudno dostępne</h2>
<p>Na Korsykę, Baleary, Maderę i Azory kurier dolicza <strong>12 €</strong> i potrzebuje <strong>2 dni roboczych więcej</strong>; darmowa wysyłka tam nie obowiązuje. Wpisz kraj i kod pocztowy w koszyku, aby zobaczyć dokładny koszt.</p>
<h2>Odbiór przesyłki</h2>
<p>Przed podpisaniem sprawdź, czy paczka jest cała. Jeśli jest uszkodzona, podpisz odbiór z zastrzeżeniem i napisz do nas w ciągu 48 godzin przez ${contact('formularz kontaktowy')}, podając numer zamówienia i zdjęcie: uszkodzone części wymienimy na nasz koszt.</p>
<p>Zobacz też: ${link('zwroty-i-zwrot-pieniedzy', 'Zwroty i zwrot pieniędzy')}.</p>`,
  },
  {
    slug: 'shipping-and-delivery',
    lang: 'en',
    topic: 'shipping',
    title: 'Shipping and delivery',
    body: `<p>We ship brake pads, discs and kits by express courier. The costs and times below are the ones you see on the product page and in the basket; the final total is always shown before you confirm the order.</p>
<h2>When your order leaves</h2>
<p>Orders for products in stock paid by <strong>2 pm</strong> on a working day leave the same day; later ones leave on the next working day. Products <strong>on order</strong> leave when they arrive from the supplier: the number of days is on the product page and adds to the courier’s delivery time.</p>
<h2>Couriers, costs and times</h2>
<table>
<thead><tr><th scope="col">Courier</th><th scope="col">Payment</th><th scope="col">Cost</th><th scope="col">Delivery</th></tr></thead>
<tbody>
<tr><td>Poste Italiane</td><td>in advance</td><td>€4.90</td><td>4 working days</td></tr>
<tr><td>GLS</td><td>in advance</td><td>€5.90</td><td>3 working days</td></tr>
<tr><td>BRT</td><td>in advance</td><td>€6.90</td><td>2 working days</td></tr>
<tr><td>GLS cash on delivery</td><td>on delivery</td><td>€8.90</td><td>3 working days</td></tr>
<tr><td>BRT cash on delivery</td><td>on delivery</td><td>€9.90</td><td>2 working days</td></tr>
</tbody>
</table>
<h2>Free shipping from €79</h2>
<p>On orders of at least <strong>€79</strong>, shipping with the pay-in-advance couriers is free. The basket shows how much is missing for free shipping. Cash on delivery is always charged.</p>
<h2>Islands and remote areas</h2>
<p>For Corsica, the Balearic Islands, Madeira and the Azores the courier adds <strong>€12</strong> and needs <strong>2 more working days</strong>; free shipping does not apply there. Enter your country and postcode in the basket to see the exact cost.</p>
<h2>On delivery</h2>
<p>Check that the parcel is intact before you sign. If it is damaged, sign “with reservation” and write to us within 48 hours through the ${contact('contact form')} with the order number and a photo: we replace damaged parts at our cost.</p>
<p>See also: ${link('returns-and-refunds', 'Returns and refunds')}.</p>`,
  },

  /* ---------------------------------------------------------------- returns */
  {
    slug: 'resi-e-rimborsi',
    lang: 'it',
    topic: 'returns',
    title: 'Resi e rimborsi',
    body: `<p>Hai ordinato il ricambio sbagliato o hai cambiato idea? Hai <strong>14 giorni</strong> dalla consegna per restituirlo, senza dover spiegare il motivo (diritto di recesso, artt. 52 e seguenti del Codice del Consumo).</p>
<h2>Come fare un reso</h2>
<ol>
<li>Scrivici dal ${contact('modulo di contatto')} entro 14 giorni dalla consegna, indicando numero d’ordine e prodotti da restituire.</li>
<li>Ti rispondiamo con l’indirizzo di reso e il numero di autorizzazione da scrivere sul pacco.</li>
<li>Spedisci il pacco entro altri 14 giorni con il corriere che preferisci.</li>
</ol>
<h2>In che stato restituire i ricambi</h2>
<ul>
<li>Non montati: pastiglie e dischi che sono stati installati o provati sul veicolo mostrano segni di usura e non si possono rivendere.</li>
<li>Nella confezione originale, integra e non scritta, con tutti gli accessori (molle, sensori d’usura, viti).</li>
<li>I liquidi freno si accettano solo con il sigillo intatto.</li>
</ul>
<h2>Costi del reso</h2>
<p>La spedizione del reso è a tuo carico. Se il ricambio è difettoso, danneggiato nel trasporto o diverso da quello ordinato, il ritiro è gratuito: lo organizziamo noi.</p>
<h2>Rimborso</h2>
<p>Rimborsiamo il prezzo dei prodotti e la spedizione standard dell’ordine entro <strong>14 giorni</strong> dalla tua comunicazione di recesso, con lo stesso metodo di pagamento; possiamo attendere di aver ricevuto il pacco. Per gli ordini pagati in contrassegno rimborsiamo con bonifico: indica l’IBAN nel modulo di contatto.</p>
<p>Un ricambio che si guasta dopo il montaggio non è un reso ma un caso di ${link('garanzia-sui-ricambi', 'garanzia')}.</p>`,
  },
  {
    slug: 'zwroty-i-zwrot-pieniedzy',
    lang: 'pl',
    topic: 'returns',
    title: 'Zwroty i zwrot pieniędzy',
    body: `<p>Zamówiłeś niewłaściwą część albo zmieniłeś zdanie? Masz <strong>14 dni</strong> od dostawy, aby ją zwrócić bez podawania przyczyny (prawo odstąpienia od umowy zawartej na odległość).</p>
<h2>Jak zwrócić towar</h2>
<ol>
<li>Napisz do nas przez ${contact('formularz kontaktowy')} w ciągu 14 dni od dostawy, podając numer zamówienia i produkty do zwrotu.</li>
<li>Odpowiemy adresem do zwrotu i numerem autoryzacji, który należy napisać na paczce.</li>
<li>Wyślij paczkę w ciągu kolejnych 14 dni wybranym przez siebie kurierem.</li>
</ol>
<h2>W jakim stanie zwracać części</h2>
<ul>
<li>Niezamontowane: klocki i tarcze, które zostały założone lub przymierzone do pojazdu, mają ślady zużycia i nie nadają się do ponownej sprzedaży.</li>
<li>W oryginalnym, nieuszkodzonym i niepopisanym opakowaniu, ze wszystkimi akcesoriami (sprężyny, czujniki zużycia, śruby).</li>
<li>Płyny hamulcowe przyjmujemy tylko z nienaruszoną plombą.</li>
</ul>
<h2>Koszt zwrotu</h2>
<p>Koszt odesłania towaru ponosisz Ty. Jeśli część jest wadliwa, uszkodzona w transporcie lub inna niż zamówiona, odbiór jest bezpłatny – organizujemy go my.</p>
<h2>Zwrot pieniędzy</h2>
<p>Zwracamy cenę produktów i standardową wysyłkę zamówienia w ciągu <strong>14 dni</strong> od otrzymania oświadczenia o odstąpieniu, tą samą metodą płatności; możemy wstrzymać zwrot do otrzymania paczki. Zamówienia opłacone za pobraniem zwracamy przelewem: podaj numer IBAN w formularzu kontaktowym.</p>
<p>Część, która zepsuje się po montażu, to nie zwrot, lecz sprawa ${link('gwarancja-na-czesci', 'gwarancji')}.</p>`,
  },
  {
    slug: 'returns-and-refunds',
    lang: 'en',
    topic: 'returns',
    title: 'Returns and refunds',
    body: `<p>Ordered the wrong part, or changed your mind? You have <strong>14 days</strong> from delivery to return it without giving a reason (the right of withdrawal for distance purchases).</p>
<h2>How to return</h2>
<ol>
<li>Write to us through the ${contact('contact form')} within 14 days of delivery, with the order number and the products you are returning.</li>
<li>We answer with the return address and an authorisation number to write on the parcel.</li>
<li>Send the parcel within a further 14 days with the courier of your choice.</li>
</ol>
<h2>What condition the parts must be in</h2>
<ul>
<li>Not fitted: pads and discs that have been installed or tried on the vehicle show wear and cannot be sold again.</li>
<li>In the original packaging, undamaged and unmarked, with every accessory (springs, wear sensors, bolts).</li>
<li>Brake fluid is accepted only with its seal intact.</li>
</ul>
<h2>Return costs</h2>
<p>You pay for sending the return. If the part is faulty, damaged in transit or not the one you ordered, the collection is free: we arrange it.</p>
<h2>Refund</h2>
<p>We refund the price of the products and the order’s standard shipping within <strong>14 days</strong> of your withdrawal notice, by the same payment method; we may wait until we have received the parcel. Orders paid cash on delivery are refunded by bank transfer: give your IBAN in the contact form.</p>
<p>A part that fails after fitting is not a return but a ${link('parts-warranty', 'warranty')} claim.</p>`,
  },

  /* ---------------------------------------------------------------- instalments */
  {
    slug: 'pagamento-a-rate',
    lang: 'it',
    topic: 'instalments',
    title: 'Pagamento a rate',
    body: `<p>Puoi pagare i tuoi ricambi freno in comode rate mensili con <strong>Rate Compass</strong>, il finanziamento di Compass Banca: paghi la prima rata il mese dopo l’acquisto e noi spediamo l’ordine non appena Compass lo approva.</p>
<h2>Quando si può pagare a rate</h2>
<ul>
<li>Per un importo da <strong>100 €</strong> a <strong>5.000 €</strong> (IVA inclusa). Sotto la soglia aumenta la quantità, sopra diminuiscila: la scheda prodotto e il carrello te lo indicano.</li>
<li>Con al massimo <strong>20 prodotti</strong> nel carrello.</li>
<li>Se tutti i prodotti del carrello ammettono il pagamento a rate: alcuni (per esempio i servizi e gli omaggi) non lo ammettono e il carrello te lo segnala.</li>
</ul>
<h2>Come funziona</h2>
<ol>
<li>Sulla scheda prodotto o nel carrello premi «Calcola la rata»: con il carrello vuoto il calcolatore di Compass si apre subito con il prezzo del prodotto.</li>
<li>Scegli il numero di rate e vedi l’importo mensile, il TAN e il TAEG prima di decidere.</li>
<li>Completa la richiesta online con un documento d’identità e il codice fiscale; Compass ti risponde in pochi minuti.</li>
</ol>
<p>L’offerta è soggetta all’approvazione di Compass Banca S.p.A. Le condizioni del finanziamento sono quelle indicate nel calcolatore al momento della richiesta.</p>`,
  },
  {
    slug: 'platnosc-w-ratach',
    lang: 'pl',
    topic: 'instalments',
    title: 'Płatność w ratach',
    body: `<p>Za części hamulcowe możesz zapłacić w wygodnych ratach miesięcznych z <strong>Rate Compass</strong>, finansowaniem Compass Banca: pierwszą ratę płacisz miesiąc po zakupie, a zamówienie wysyłamy, gdy tylko Compass je zatwierdzi.</p>
<h2>Kiedy można zapłacić w ratach</h2>
<ul>
<li>Przy kwocie od <strong>100 €</strong> do <strong>5 000 €</strong> (z VAT). Poniżej progu zwiększ ilość, powyżej – zmniejsz: karta produktu i koszyk to podpowiadają.</li>
<li>Przy co najwyżej <strong>20 produktach</strong> w koszyku.</li>
<li>Jeśli wszystkie produkty w koszyku dopuszczają płatność w ratach: niektóre (na przykład usługi i gratisy) jej nie dopuszczają, o czym koszyk informuje.</li>
</ul>
<h2>Jak to działa</h2>
<ol>
<li>Na karcie produktu lub w koszyku kliknij „Oblicz ratę”: przy pustym koszyku kalkulator Compass otwiera się od razu z ceną produktu.</li>
<li>Wybierz liczbę rat i sprawdź kwotę miesięczną, oprocentowanie i RRSO, zanim zdecydujesz.</li>
<li>Wypełnij wniosek online z dokumentem tożsamości; Compass odpowiada w kilka minut.</li>
</ol>
<p>Oferta wymaga zgody Compass Banca S.p.A. Warunki finansowania są te, które kalkulator pokazuje w chwili składania wniosku.</p>`,
  },
  {
    slug: 'pay-in-instalments',
    lang: 'en',
    topic: 'instalments',
    title: 'Pay in instalments',
    body: `<p>You can pay for your brake parts in monthly instalments with <strong>Rate Compass</strong>, the financing of Compass Banca: you pay the first instalment the month after the purchase, and we ship the order as soon as Compass approves it.</p>
<h2>When you can pay in instalments</h2>
<ul>
<li>For amounts from <strong>€100</strong> to <strong>€5,000</strong> (VAT included). Below the threshold raise the quantity, above it lower it: the product page and the basket tell you.</li>
<li>With at most <strong>20 products</strong> in the basket.</li>
<li>When every product in the basket allows instalments: some (services and free gifts, for example) do not, and the basket says so.</li>
</ul>
<h2>How it works</h2>
<ol>
<li>On the product page or in the basket press “Calculate the instalment”: with an empty basket the Compass calculator opens at once with the product’s price.</li>
<li>Choose the number of instalments and see the monthly amount, the interest rate and the APR before you decide.</li>
<li>Complete the application online with an identity document; Compass answers within minutes.</li>
</ol>
<p>The offer is subject to approval by Compass Banca S.p.A. The financing terms are those the calculator shows when you apply.</p>`,
  },

  /* ---------------------------------------------------------------- warranty */
  {
    slug: 'garanzia-sui-ricambi',
    lang: 'it',
    topic: 'warranty',
    title: 'Garanzia sui ricambi',
    body: `<p>Tutti i ricambi che vendiamo sono nuovi, di marche del primo equipaggiamento e dell’aftermarket di qualità, conformi al regolamento ECE R90 per pastiglie e dischi freno.</p>
<h2>Quanto dura</h2>
<ul>
<li><strong>24 mesi</strong> dalla consegna per i consumatori (garanzia legale di conformità, artt. 128 e seguenti del Codice del Consumo).</li>
<li><strong>12 mesi</strong> per gli acquisti con partita IVA (officine e aziende).</li>
<li>Alcuni produttori offrono una garanzia commerciale più lunga: la trovi nella confezione e la gestiamo noi per te.</li>
</ul>
<h2>Cosa copre</h2>
<p>I difetti di materiale e di fabbricazione: per esempio un disco deformato o crepato senza surriscaldamento, il distacco del materiale d’attrito di una pastiglia, un sensore d’usura non funzionante.</p>
<h2>Cosa non copre</h2>
<ul>
<li>L’usura normale: pastiglie e dischi si consumano con l’uso, e lo spessore minimo indicato sul disco va rispettato.</li>
<li>Il montaggio non corretto, il mancato rodaggio, l’uso in gara o con veicoli modificati.</li>
<li>I danni causati da altre parti dell’impianto (pinze bloccate, liquido freni esausto).</li>
</ul>
<p>Per sicurezza i freni vanno montati da un’officina qualificata: conserva la fattura del montaggio, ci servirà in caso di garanzia.</p>
<h2>Come chiedere la garanzia</h2>
<ol>
<li>Scrivici dal ${contact('modulo di contatto')} con numero d’ordine, codice del ricambio, chilometri percorsi e qualche foto del difetto.</li>
<li>Allega la fattura dell’officina che ha montato il ricambio.</li>
<li>Ti inviamo un’etichetta per spedirci il pezzo gratuitamente; se il difetto è confermato lo sostituiamo o ti rimborsiamo.</li>
</ol>`,
  },
  {
    slug: 'gwarancja-na-czesci',
    lang: 'pl',
    topic: 'warranty',
    title: 'Gwarancja na części',
    body: `<p>Wszystkie sprzedawane przez nas części są nowe, pochodzą od producentów pierwszego montażu i renomowanych marek rynku wtórnego i spełniają regulamin EKG ONZ R90 dla klocków i tarcz hamulcowych.</p>
<h2>Jak długo</h2>
<ul>
<li><strong>24 miesiące</strong> od dostawy dla konsumentów (ustawowa odpowiedzialność za zgodność towaru z umową).</li>
<li><strong>12 miesięcy</strong> przy zakupach na firmę (warsztaty i przedsiębiorstwa).</li>
<li>Niektórzy producenci dają dłuższą gwarancję handlową: znajdziesz ją w opakowaniu, a jej obsługą zajmiemy się za Ciebie.</li>
</ul>
<h2>Co obejmuje</h2>
<p>Wady materiałowe i produkcyjne: na przykład tarczę odkształconą lub pękniętą bez przegrzania, odspojenie okładziny klocka, niedziałający czujnik zużycia.</p>
<h2>Czego nie obejmuje</h2>
<ul>
<li>Normalnego zużycia: klocki i tarcze zużywają się w trakcie jazdy, a minimalnej grubości podanej na tarczy trzeba przestrzegać.</li>
<li>Nieprawidłowego montażu, braku docierania, użycia w zawodach lub w pojazdach przerobionych.</li>
<li>Uszkodzeń spowodowanych przez inne elementy układu (zablokowane zaciski, zużyty płyn hamulcowy).</li>
</ul>
<p>Ze względów bezpieczeństwa hamulce powinien montować wykwalifikowany warsztat: zachowaj fakturę za montaż, będzie potrzebna przy reklamacji.</p>
<h2>Jak zgłosić reklamację</h2>
<ol>
<li>Napisz do nas przez ${contact('formularz kontaktowy')}, podając numer zamówienia, kod części, przebieg i kilka zdjęć wady.</li>
<li>Dołącz fakturę warsztatu, który zamontował część.</li>
<li>Wyślemy Ci etykietę do bezpłatnego odesłania części; jeśli wada się potwierdzi, wymienimy ją lub zwrócimy pieniądze.</li>
</ol>`,
  },
  {
    slug: 'parts-warranty',
    lang: 'en',
    topic: 'warranty',
    title: 'Parts warranty',
    body: `<p>Every part we sell is new, from original-equipment makers and quality aftermarket brands, and pads and discs meet UN ECE Regulation 90.</p>
<h2>How long</h2>
<ul>
<li><strong>24 months</strong> from delivery for consumers (the legal guarantee of conformity).</li>
<li><strong>12 months</strong> for purchases with a VAT number (workshops and companies).</li>
<li>Some makers give a longer commercial warranty: you find it in the box, and we handle it for you.</li>
</ul>
<h2>What it covers</h2>
<p>Defects of material and manufacture: for example a disc warped or cracked without overheating, friction material coming off a pad, a wear sensor that does not work.</p>
<h2>What it does not cover</h2>
<ul>
<li>Normal wear: pads and discs wear with use, and the minimum thickness marked on the disc must be respected.</li>
<li>Incorrect fitting, no bedding-in, racing or modified vehicles.</li>
<li>Damage caused by other parts of the system (seized calipers, old brake fluid).</li>
</ul>
<p>For safety, brakes should be fitted by a qualified workshop: keep the fitting invoice, we will need it for a claim.</p>
<h2>How to claim</h2>
<ol>
<li>Write to us through the ${contact('contact form')} with the order number, the part code, the mileage and a few photos of the defect.</li>
<li>Attach the invoice of the workshop that fitted the part.</li>
<li>We send you a label to return the part free of charge; if the defect is confirmed we replace it or refund you.</li>
</ol>`,
  },

  /* ---------------------------------------------------------------- terms */
  {
    slug: 'termini-e-condizioni',
    lang: 'it',
    topic: 'terms',
    title: 'Termini e condizioni',
    body: `<h2>Il contratto</h2>
<p>Il contratto di vendita si conclude quando confermiamo il tuo ordine via e-mail. I prezzi sono in euro e comprendono l’IVA al 22 %; le spese di spedizione sono indicate nel carrello prima della conferma (vedi ${link('spedizioni-e-consegne', 'Spedizioni e consegne')}).</p>
<h2>Pagamento</h2>
<p>Puoi pagare in anticipo (carta, bonifico), alla consegna con i corrieri in contrassegno, oppure ${link('pagamento-a-rate', 'a rate')} per ordini da 100 € a 5.000 €.</p>
<h2>Recesso e garanzia</h2>
<p>Hai 14 giorni dalla consegna per recedere dall’acquisto (${link('resi-e-rimborsi', 'Resi e rimborsi')}) e 24 mesi di garanzia legale (${link('garanzia-sui-ricambi', 'Garanzia sui ricambi')}).</p>
<h2>Compatibilità dei ricambi</h2>
<p>Le compatibilità con i veicoli vengono dai cataloghi dei produttori. Prima del montaggio confronta il codice del ricambio con quello originale o con il tuo libretto: in caso di dubbio scrivici con il numero di telaio.</p>
<h2>I tuoi dati</h2>
<p>I dati inviati con il modulo di contatto servono solo a rispondere alla tua richiesta e sono conservati per il tempo necessario a gestirla. L’IBAN, se indicato, viene usato esclusivamente per accreditare un rimborso. Puoi chiedere in ogni momento l’accesso, la correzione o la cancellazione dei tuoi dati scrivendo all’assistenza.</p>`,
  },
  {
    slug: 'regulamin',
    lang: 'pl',
    topic: 'terms',
    title: 'Regulamin',
    body: `<h2>Umowa</h2>
<p>Umowa sprzedaży zostaje zawarta, gdy potwierdzimy Twoje zamówienie e-mailem. Ceny są w euro i zawierają VAT 22%; koszty wysyłki są podane w koszyku przed potwierdzeniem (zob. ${link('wysylka-i-dostawa', 'Wysyłka i dostawa')}).</p>
<h2>Płatność</h2>
<p>Możesz zapłacić z góry (karta, przelew), przy odbiorze u kurierów za pobraniem albo ${link('platnosc-w-ratach', 'w ratach')} przy zamówieniach od 100 € do 5 000 €.</p>
<h2>Odstąpienie i gwarancja</h2>
<p>Masz 14 dni od dostawy na odstąpienie od umowy (${link('zwroty-i-zwrot-pieniedzy', 'Zwroty i zwrot pieniędzy')}) i 24 miesiące ustawowej odpowiedzialności (${link('gwarancja-na-czesci', 'Gwarancja na części')}).</p>
<h2>Dopasowanie części</h2>
<p>Dopasowania do pojazdów pochodzą z katalogów producentów. Przed montażem porównaj kod części z oryginalnym lub z dowodem rejestracyjnym: w razie wątpliwości napisz do nas, podając numer VIN.</p>
<h2>Twoje dane</h2>
<p>Dane przesłane formularzem kontaktowym służą wyłącznie do odpowiedzi na Twoje zapytanie i są przechowywane tak długo, jak to potrzebne do jego obsługi. Numer IBAN, jeśli go podasz, służy wyłącznie do zwrotu pieniędzy. W każdej chwili możesz poprosić o dostęp do danych, ich poprawienie lub usunięcie, pisząc do obsługi klienta.</p>`,
  },
  {
    slug: 'terms-and-conditions',
    lang: 'en',
    topic: 'terms',
    title: 'Terms and conditions',
    body: `<h2>The contract</h2>
<p>The sales contract is made when we confirm your order by e-mail. Prices are in euros and include 22% VAT; shipping costs are shown in the basket before you confirm (see ${link('shipping-and-delivery', 'Shipping and delivery')}).</p>
<h2>Payment</h2>
<p>You can pay in advance (card, bank transfer), on delivery with the cash-on-delivery couriers, or ${link('pay-in-instalments', 'in instalments')} for orders from €100 to €5,000.</p>
<h2>Withdrawal and warranty</h2>
<p>You have 14 days from delivery to withdraw from the purchase (${link('returns-and-refunds', 'Returns and refunds')}) and a 24-month legal guarantee (${link('parts-warranty', 'Parts warranty')}).</p>
<h2>Fitment</h2>
<p>Vehicle fitments come from the makers’ catalogues. Before fitting, compare the part code with the original one or with your registration document: if in doubt, write to us with the VIN.</p>
<h2>Your data</h2>
<p>The data you send with the contact form is used only to answer your request and kept as long as needed to handle it. Your IBAN, if given, is used only to pay a refund. You can ask at any time to see, correct or delete your data by writing to customer service.</p>`,
  },
];

/* ---------------------------------------------------------------- the live search's cms group */

/** Markup aside, entities read back: the text a page's body says. */
export function bodyText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface CmsSearchEntry {
  slug: string;
  lang: string;
  title: string;
  /** Folded title and folded words of title and body. */
  foldedTitle: string;
  words: string[];
}

export function cmsSearchEntry(page: Pick<CmsPageRow, 'slug' | 'lang' | 'title' | 'body'>): CmsSearchEntry {
  const foldedTitle = foldText(page.title);
  return { slug: page.slug, lang: page.lang, title: page.title, foldedTitle, words: [...new Set(foldText(`${page.title} ${bodyText(page.body)}`).split(/[^\p{L}\p{N}]+/u).filter(Boolean))] };
}

/**
 * The pages a text finds: every word of the text begins a word of the page (title or body),
 * title hits first; in the visitor's language when given, else in any. Answers name (the
 * title) and link (the page's address).
 */
export function matchCmsPages(entries: readonly CmsSearchEntry[], text: string, max: number, lang?: string): Array<{ name: string; link: string }> {
  const words = foldText(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (!words.length) return [];
  const hits = entries.filter((entry) => (!lang || entry.lang === lang) && words.every((word) => entry.words.some((candidate) => candidate.startsWith(word))));
  const inTitle = (entry: CmsSearchEntry) => words.every((word) => entry.foldedTitle.includes(word));
  return [...hits.filter(inTitle), ...hits.filter((entry) => !inTitle(entry))].slice(0, max).map((entry) => ({ name: entry.title, link: cmsPageLink(entry.slug, entry.lang) }));
}

/** A page's answer (both backends): its address and its links in its own language, the other languages' addresses. */
export function cmsPageResponse(page: CmsPageRow, others: ReadonlyArray<Pick<CmsPageRow, 'slug' | 'lang' | 'title'>>): CmsPageResponse {
  return {
    slug: page.slug,
    lang: page.lang,
    title: page.title,
    body: localizeHtmlLinks(page.body, page.lang),
    link: cmsPageLink(page.slug, page.lang),
    alternates: others.map((other) => ({ lang: other.lang, title: other.title, link: cmsPageLink(other.slug, other.lang) })),
  };
}
