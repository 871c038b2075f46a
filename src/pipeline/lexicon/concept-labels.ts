/**
 * Field labels per business or contract concept, as documents print them (English, German, French, Spanish,
 * Italian, Dutch, Polish, and the Malay-English of receipts), the names schemas use for them, and the words too weak
 * to decide alone. Read by extraction (`extract/lexicon.ts` matches labels, keys and descriptions to concepts) and by
 * ask (a question's concept words).
 */

/** Label phrases per concept, lower-case, accents kept, punctuation removed (as `normalizeText` leaves them). */
export const CONCEPT_LABELS: Record<string, string[]> = {
  invoice_number: [
    'invoice number', 'invoice no', 'invoice nr', 'invoice num', 'invoice id', 'invoice', 'inv no', 'inv', 'bill no', 'bill number',
    'receipt no', 'receipt number', 'document number', 'document no', 'doc no', 'tax invoice no', 'invoice ref', 'booking id',
    'rechnungsnummer', 'rechnung nr', 'rechnungs nr', 'rechnung', 'belegnummer', 'beleg nr', 'facture n°', 'facture no', 'facture',
    'numéro de facture', 'n° de facture', 'n° facture', 'no facture', 'número de factura', 'factura n°', 'factura no', 'nº factura',
    'factura', 'numero fattura', 'fattura n', 'fattura', 'n fattura', 'numer faktury', 'faktura nr', 'faktura vat nr', 'nr faktury',
    'faktura', 'factuurnummer', 'factuur nr', 'factuur', 'factuurnr', 'bonnummer', 'bon no', 'receipt', 'cash bill no', 'bill',
  ],
  invoice_date: [
    'invoice date', 'date of invoice', 'invoice dt', 'date', 'dated', 'bill date', 'receipt date', 'issue date', 'date of issue',
    'issued', 'issued on', 'document date', 'rechnungsdatum', 'datum', 'belegdatum', 'ausstellungsdatum', 'date de facture',
    'date facture', 'date d émission', 'date de la facture', 'fecha', 'fecha de factura', 'fecha factura', 'fecha de emisión',
    'data fattura', 'data', 'data emissione', 'data wystawienia', 'data faktury', 'factuurdatum', 'factuur datum', 'datum factuur',
  ],
  due_date: [
    'due date', 'payment due', 'date due', 'pay by', 'payment due date', 'due', 'due on', 'fälligkeitsdatum', 'fällig am', 'fällig',
    'zahlbar bis', 'vervaldatum', 'vervaldag', 'échéance', 'date d échéance', 'date limite de paiement', 'date limite',
    'fecha de vencimiento', 'vencimiento', 'scadenza', 'data scadenza', 'termin płatności', 'termin zapłaty',
  ],
  total: [
    'total', 'grand total', 'amount due', 'total due', 'balance due', 'total amount', 'invoice total', 'total amount due',
    'total to pay', 'amount payable', 'total payable', 'net payable', 'amount to pay', 'total incl vat', 'total including vat',
    'total incl tax', 'total ttc', 'montant ttc', 'net à payer', 'somme à payer', 'montant total', 'total à payer', 'total facture',
    'gesamtbetrag', 'gesamtsumme', 'rechnungsbetrag', 'endbetrag', 'zu zahlen', 'zahlbetrag', 'summe', 'brutto', 'gesamt',
    'totaal', 'totaalbedrag', 'te betalen', 'factuur totaal', 'totaal incl btw', 'total a pagar', 'importe total', 'total factura',
    'totale', 'totale fattura', 'importo totale', 'totale da pagare', 'do zapłaty', 'razem', 'razem do zapłaty', 'suma',
    'wartość brutto', 'total rm', 'nett total', 'net total', 'rounded total', 'total sales', 'total rounded', 'total sales inclusive of gst', 'total inclusive of gst', 'total amount inclusive of gst', 'total amt',
    'total inclusive gst', 'total incl gst', 'total amount payable', 'rounding total',
  ],
  subtotal: [
    'subtotal', 'sub total', 'net amount', 'total excl vat', 'total excluding vat', 'total excl tax', 'total before tax',
    'total ht', 'montant ht', 'total hors taxes', 'zwischensumme', 'nettobetrag', 'netto', 'summe netto', 'subtotaal',
    'exclusief btw', 'totaal excl btw', 'base imponible', 'subtotal sin iva', 'imponibile', 'totale imponibile', 'wartość netto',
    'untaxed amount', 'total net', 'net', 'total excl gst', 'total excluding gst', 'sub-total', 'total sales excluding gst', 'total sales excl gst', 'total excluding of gst',
  ],
  tax: [
    'tax', 'vat', 'gst', 'sales tax', 'tax amount', 'vat amount', 'total tax', 'tax total', 'total vat', 'gst amount', 'sst',
    'tva', 'montant tva', 'total tva', 'mwst', 'ust', 'mehrwertsteuer', 'umsatzsteuer', 'btw', 'btw bedrag', 'iva', 'imposta',
    'importe iva', 'podatek vat', 'kwota vat', 'service tax', 'total gst',
  ],
  tax_rate: ['tax rate', 'vat rate', 'vat %', 'tax %', 'gst rate', 'taux tva', 'taux de tva', 'mwst satz', 'steuersatz', 'btw %', 'btw tarief', 'stawka vat', 'tipo iva', 'aliquota iva'],
  currency: ['currency', 'devise', 'währung', 'valuta', 'moneda', 'waluta'],
  issuer: [
    'issuer', 'vendor', 'supplier', 'seller', 'company', 'merchant', 'store', 'shop', 'sold by', 'bill from', 'from', 'provider',
    'service provider', 'issued by', 'company name', 'vendor name', 'supplier name', 'merchant name', 'store name', 'issuer name',
    'lieferant', 'verkäufer', 'rechnungssteller', 'fournisseur', 'vendeur', 'émetteur', 'leverancier', 'verkoper', 'proveedor',
    'emisor', 'fornitore', 'venditore', 'sprzedawca', 'wystawca', 'business name',
    // Who gets paid is who issued the invoice.
    'account holder', 'account name', 'titulaire du compte', 'kontoinhaber', 'rekeninghouder', 'titular de la cuenta', 'beneficiary',
    'payable to', 'make checks payable to', 'in favour of', 'in favor of', 'pay to',
  ],
  issuer_address: [
    'address', 'vendor address', 'supplier address', 'seller address', 'company address', 'issuer address', 'store address',
    'merchant address', 'warehouse address', 'adresse', 'anschrift', 'adres', 'dirección', 'indirizzo', 'adres sprzedawcy',
  ],
  customer: [
    'customer', 'client', 'bill to', 'billed to', 'sold to', 'buyer', 'recipient', 'customer name', 'client name', 'guest name',
    'attn', 'invoice to', 'kunde', 'rechnungsempfänger', 'empfänger', 'klant', 'cliente', 'nabywca', 'odbiorca', 'acheteur',
    'destinataire', 'facturé à', 'factureren aan', 'bill to name', 'abonné', 'nom de l abonné',
  ],
  customer_address: [
    'customer address', 'billing address', 'bill to address', 'client address', 'invoice address', 'shipping address',
    'delivery address', 'ship to', 'rechnungsadresse', 'lieferadresse', 'adresse de facturation', 'adresse de livraison',
    'factuuradres', 'afleveradres', 'dirección de facturación', 'indirizzo di fatturazione', 'adres nabywcy', 'buyer address',
  ],
  po_number: ['po number', 'po no', 'po', 'purchase order', 'purchase order number', 'p o', 'p o number', 'bestellnummer', 'bon de commande', 'inkoopordernummer', 'orden de compra', 'ordine di acquisto', 'your order'],
  order_number: ['order number', 'order no', 'order id', 'order nr', 'order ref', 'ordernummer', 'bestellung', 'auftragsnummer', 'numéro de commande', 'n° de commande', 'commande', 'número de pedido', 'pedido', 'numero ordine', 'numer zamówienia', 'zamówienie'],
  payment_terms: ['payment terms', 'terms', 'terms of payment', 'zahlungsbedingungen', 'zahlungsziel', 'conditions de paiement', 'conditions de règlement', 'betalingsvoorwaarden', 'betalingstermijn', 'condiciones de pago', 'termini di pagamento', 'warunki płatności', 'sposób płatności'],
  iban: ['iban', 'bank account', 'account iban', 'iban no', 'kontonummer', 'rekeningnummer', 'numéro de compte', 'numer konta', 'nr konta'],
  email: ['email', 'e mail', 'mail', 'courriel', 'email address', 'correo', 'correo electrónico'],
  phone: ['phone', 'tel', 'telephone', 'mobile', 'phone number', 'tel no', 'telefon', 'téléphone', 'telefoon', 'teléfono', 'telefono', 'fax'],
  website: ['website', 'web', 'url', 'www', 'site', 'site web', 'webseite', 'internet'],
  tax_id: [
    'vat number', 'vat no', 'vat id', 'vat reg no', 'tax id', 'tax number', 'tax no', 'gstin', 'gst no', 'gst reg no', 'gst id', 'tin',
    'vat tin', 'ust idnr', 'ust id', 'steuernummer', 'n° tva', 'tva intracommunautaire', 'siret', 'siren', 'btw nummer', 'btw nr',
    'btw id', 'nif', 'cif', 'partita iva', 'p iva', 'nip', 'ein', 'abn', 'company reg no', 'co reg no', 'roc no',
  ],
  effective_date: ['effective date', 'commencement date', 'start date', 'date of agreement', 'agreement date', 'effective as of', 'dated as of', 'date of this agreement'],
  jurisdiction: ['jurisdiction', 'governing law', 'applicable law', 'venue', 'governed by', 'choice of law', 'state of', 'laws of'],
  party: ['party', 'parties', 'counterparty', 'contracting party', 'signatory', 'disclosing party', 'receiving party'],
  term: ['term', 'duration', 'contract term', 'term of agreement', 'agreement term', 'period', 'confidentiality period'],
};

/**
 * The labels that show a document states one of its class's standard fields (auto schemas): narrower than
 * CONCEPT_LABELS and in `plainWords` form (accents folded), because they are matched as whole phrases in a label
 * or at the start of a line, where CONCEPT_LABELS are scored by similarity.
 */
export const STANDARD_FIELD_LABELS = {
  issuer: [
    'seller', 'vendor', 'supplier', 'from', 'sprzedawca', 'verkaufer', 'lieferant', 'fournisseur', 'vendeur',
    'leverancier',
  ],
  invoice_number: [
    'invoice number', 'invoice no', 'invoice nr', 'invoice #', 'invoice id', 'inv no', 'invoice', 'rechnungsnummer',
    'rechnungsnr', 'rechnung nr', 'rechnung', 'factuurnummer', 'factuur nummer', 'factuur', 'numero de facture',
    'facture n', 'n de facture', 'facture no', 'faktura nr', 'numer faktury', 'faktura', 'receipt no', 'receipt number',
    'bill no', 'document no',
  ],
  invoice_date: [
    'invoice date', 'date', 'date of issue', 'issue date', 'issued', 'rechnungsdatum', 'datum', 'factuurdatum',
    'factuur datum', 'date de facture', 'date facture', 'data wystawienia', 'data', 'receipt date', 'bill date',
  ],
  due_date: [
    'due date', 'payment due', 'date due', 'due', 'faellig', 'fallig', 'fallig am', 'zahlungsziel', 'vervaldatum',
    'echeance', 'date d echeance', 'termin platnosci',
  ],
  total: [
    'total', 'amount due', 'grand total', 'total amount', 'total due', 'balance due', 'amount', 'gesamtbetrag', 'summe',
    'endbetrag', 'rechnungsbetrag', 'totaal', 'te betalen', 'factuur totaal', 'total ttc', 'montant total', 'montant',
    'razem', 'do zaplaty', 'suma', 'total amount due',
  ],
  subtotal: [
    'subtotal', 'sub total', 'net amount', 'netto', 'zwischensumme', 'subtotaal', 'exclusief btw', 'total ht',
    'sous total', 'wartosc netto', 'total excl', 'net total',
  ],
  tax: [
    'tax', 'vat', 'sales tax', 'mwst', 'ust', 'btw', 'tva', 'vat amount', 'tax amount', 'podatek vat', 'kwota vat',
    'gst',
  ],
  currency: ['currency', 'wahrung', 'devise', 'valuta', 'waluta'],
  customer: [
    'bill to', 'billed to', 'customer', 'client', 'sold to', 'invoice to', 'kunde', 'klant', 'rechnungsempfanger',
    'nabywca', 'factuuradres', 'destinataire', 'buyer',
  ],
  party: ['party', 'parties', 'between'],
  effective_date: ['effective date', 'dated', 'date'],
  jurisdiction: ['governing law', 'jurisdiction'],
  term: ['term', 'duration'],
};

/** Concept names in order of specificity: a key that names two equally well picks the earlier one ("tax_total" -> tax). */
export const CONCEPTS = [
  'tax_rate', 'tax_id', 'tax', 'subtotal', 'due_date', 'invoice_date', 'invoice_number', 'po_number', 'order_number', 'customer_address',
  'issuer_address', 'customer', 'issuer', 'payment_terms', 'iban', 'email', 'phone', 'website', 'currency', 'total',
  'effective_date', 'jurisdiction', 'party', 'term',
];

/** Schema-side names that documents rarely print but keys and descriptions use. */
export const SCHEMA_NAMES: Record<string, string[]> = {
  issuer: ['company', 'vendor', 'merchant', 'store', 'seller', 'issuer', 'supplier', 'biller', 'issuing company', 'partner name', 'organisation', 'organization'],
  issuer_address: ['address', 'company address', 'vendor address', 'merchant address', 'store address'],
  total: ['amount', 'total', 'grand total', 'amount due', 'total amount', 'amount total', 'invoice amount', 'total price', 'amount paid', 'total paid'],
  invoice_date: ['date', 'invoice date', 'receipt date', 'bill date', 'transaction date', 'purchase date', 'issue date'],
  invoice_number: ['invoice number', 'invoice no', 'invoice id', 'receipt number', 'bill number', 'document number', 'invoice ref', 'reference number'],
  due_date: ['due date', 'payment due date', 'date due'],
  tax: ['tax', 'vat', 'tax amount', 'vat amount', 'amount tax', 'total tax'],
  subtotal: ['subtotal', 'amount untaxed', 'net amount', 'total excl tax', 'total before tax'],
  customer: ['customer', 'client', 'buyer', 'bill to', 'recipient', 'partner'],
  tax_id: ['vat number', 'vat id', 'tax id', 'tax number', 'gst number', 'gst registration number', 'tax registration number', 'vat registration number', 'sst number', 'registration number'],
  party: ['party', 'parties', 'counterparty'],
  term: ['term', 'duration', 'contract term'],
};

/**
 * Nouns that make a key an identifier ("gst_number", "tax_code"): with one of them, an amount concept's word in the
 * key names whose identifier it is, not the amount.
 */
export const IDENTIFIER_NOUNS = new Set(['number', 'no', 'nr', 'id', 'code', 'registration', 'reg', 'ref', 'reference']);
/** Concepts whose values are amounts of money. */
export const AMOUNT_CONCEPTS = new Set(['tax', 'total', 'subtotal']);
/**
 * Words that end a description's head phrase ("cash given by the customer", "change returned to the buyer",
 * "name of the company that issued it"): what follows names other things, not the field itself.
 */
export const DESCRIPTION_HEAD_END = new Set([
  'that', 'which', 'who', 'whom', 'whose', 'where', 'when', 'by', 'to', 'from', 'for', 'on', 'at', 'in', 'after', 'before',
  'given', 'returned', 'received', 'paid', 'issued', 'printed', 'shown', 'stated', 'written', 'made', 'sent', 'handed', 'charged',
]);

/** Words that alone say too little ("date", "amount"): they only name a concept when the rest of the key is neutral. */
export const WEAK = new Set(['date', 'amount', 'address', 'number', 'name', 'data', 'datum', 'fecha', 'suma', 'net', 'due', 'from', 'term', 'period', 'bill', 'receipt', 'invoice', 'inv', 'po', 'web', 'mail', 'site', 'state of', 'laws of', 'terms']);
export const NEUTRAL = new Set(['the', 'of', 'a', 'an', 'document', 'invoice', 'receipt', 'bill', 'value', 'text', 'field', 'name', 'full', 'main', 'primary', 'doc', 'in', 'on', 'for', 'its', 'is', 'that', 'was', 'which']);
