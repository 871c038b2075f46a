import { LABEL_TAX_NAMES } from './taxes.ts';

/**
 * The words field labels are made of, in English, German, French, Spanish, Italian, Dutch and Polish, as
 * `normalizeLabel` leaves them: they tell "Invoice No" (a label) from "John Smith" in "Name: John Smith Phone: 1".
 */
export const LABEL_WORDS: ReadonlySet<string> = new Set([
  ...`invoice bill receipt order account customer client date due issue issued delivery ship shipping billing payment
  total subtotal sub amount balance net gross grand sum paid pay terms reference
  ref po purchase number no nr num id code phone tel telephone fax mobile email mail web website url address name
  company contract vendor supplier seller buyer sold to from attn contact iban bic swift bank sort period statement
  rechnung rechnungsnummer rechnungsdatum datum betrag summe gesamt gesamtbetrag netto brutto steuer kunde kundennummer
  lieferdatum faelligkeit zahlbar bis facture date numero montant total ht ttc client echeance commande adresse
  factura fecha importe numero pedido vencimiento fattura data importo totale scadenza ordine factuur datum bedrag
  totaal vervaldatum klant klantnummer factuur bestelnummer kunde faktura data kwota razem suma nabywca sprzedawca termin platnosci nip regon`
    .split(/\s+/)
    .filter(Boolean),
  ...LABEL_TAX_NAMES,
]);

/** Endings of compound label words: "Rechnungsnr", "Kundennummer", "Factuurdatum", "Gesamtbetrag", "Leveringsadres". */
export const LABEL_SUFFIX = /.{3,}(?:nr|nummer|datum|number|betrag|summe|bedrag|totaal|adres|adresse|date|numer)$/;
