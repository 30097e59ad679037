/**
 * The back office's texts (issue 36), Italian: the shape every language follows (`AdminTexts`).
 * Kept apart from the storefront's catalogues: no shopper page loads them.
 */
const it = {
  layout: {
    skipToContent: 'Vai al contenuto',
    backOffice: 'Gestione negozio',
    navigation: 'Sezioni della gestione',
    firstScreen: 'Riepilogo',
    orders: 'Ordini',
    products: 'Prodotti',
    imports: 'Importazioni',
    messages: 'Messaggi',
    settings: 'Impostazioni',
    audit: 'Registro attività',
    security: 'Accesso e sicurezza',
    signOut: 'Esci',
    signedInAs: 'Connesso come {{email}}',
  },
  signIn: {
    title: 'Accesso alla gestione',
    email: 'E-mail',
    password: 'Password',
    submit: 'Accedi',
    wrong: 'E-mail o password non corrette.',
    throttled: 'Troppi tentativi: riprova tra {{seconds}} secondi.',
    codeTitle: 'Codice di verifica',
    codeHint: "Scrivi il codice di 6 cifre dell'app di autenticazione, oppure un codice di recupero.",
    code: 'Codice',
    codeSubmit: 'Verifica',
    wrongCode: 'Codice non valido o già usato.',
    expired: 'La sessione è scaduta: accedi di nuovo.',
    signedOut: 'Sei uscito dalla gestione.',
    busy: 'Verifica in corso…',
    failed: 'Il negozio non risponde: riprova.',
  },
  security: {
    title: 'Accesso e sicurezza',
    twoFactorOff: "La verifica in due passaggi è disattivata.",
    twoFactorOn: 'La verifica in due passaggi è attiva.',
    start: 'Attiva la verifica in due passaggi',
    secretIntro: "Aggiungi questa chiave alla tua app di autenticazione (oppure apri l'indirizzo otpauth), poi scrivi il codice che mostra.",
    secret: 'Chiave',
    uri: 'Indirizzo otpauth',
    confirm: 'Conferma e attiva',
    turnedOn: 'Verifica in due passaggi attivata. Conserva questi codici di recupero: ognuno vale una volta sola.',
    recoveryCodes: 'Codici di recupero',
    turnOff: 'Disattiva la verifica in due passaggi',
    turnOffHint: 'Per disattivarla scrivi un codice attuale.',
    turnedOff: 'Verifica in due passaggi disattivata.',
    wrongCode: 'Codice non valido: riprova.',
    signOutOthers: 'Chiudi le altre sessioni',
    othersSignedOut: 'Altre sessioni chiuse: {{count}}.',
  },
  audit: {
    title: 'Registro attività',
    when: 'Quando',
    who: 'Chi',
    what: 'Azione',
    subject: 'Oggetto',
    detail: 'Dettagli',
    nobody: '—',
    empty: 'Nessuna attività registrata.',
    older: 'Attività precedenti',
    newer: 'Attività più recenti',
  },
  firstScreen: {
    title: 'Riepilogo',
    welcome: 'Benvenuto nella gestione del negozio.',
  },
  errors: {
    notFound: 'Pagina non trovata.',
  },
};

export type AdminTexts = typeof it;
export default it;
