/**
 * Line-item table headers per column role (description, quantity, unit price, line amount, tax, ...) in English,
 * German, French, Spanish, Italian, Dutch and Polish, in `plainWords` form (accents folded, "%" and "#" kept).
 * Order matters: of two phrases of equal length, the earlier one decides a header's role.
 */
export const COLUMN_LABELS = {
  description: [
    'description', 'desc', 'item', 'items', 'product', 'products', 'article', 'artikel', 'omschrijving', 'beschreibung',
    'bezeichnung', 'leistung', 'designation', 'libelle', 'produit', 'opis', 'nazwa', 'towar', 'usluga', 'descripcion',
    'concepto', 'descrizione', 'name', 'service', 'services', 'particulars', 'details', 'detail', 'line item', 'item description',
  ],
  quantity: [
    'quantity', 'qty', 'qte', 'quantite', 'menge', 'anzahl', 'aantal', 'hoeveelheid', 'ilosc', 'cantidad', 'quantita',
    'hours', 'hrs', 'pcs', 'count', 'units', 'st', 'stk',
  ],
  unit_price: [
    'unit price', 'price', 'rate', 'preis', 'einzelpreis', 'stuckpreis', 'prix', 'prix unitaire', 'pu', 'cena', 'cena jedn',
    'cena jednostkowa', 'prijs', 'prijs per stuk', 'stukprijs', 'precio', 'precio unitario', 'prezzo', 'unit cost', 'price each',
    'price unit', 'each', 'ep', 'cena netto',
  ],
  amount: [
    'amount', 'total', 'line total', 'betrag', 'gesamt', 'gesamtpreis', 'gesamtbetrag', 'montant', 'montant ht', 'wartosc',
    'wartosc netto', 'wartosc brutto', 'bedrag', 'totaal', 'importe', 'importo', 'net amount', 'sum', 'summe', 'subtotal',
    'price subtotal', 'line amount', 'extended', 'ext price', 'value', 'gp', 'prijs incl btw', 'total price',
  ],
  tax: ['tax', 'vat', 'btw', 'mwst', 'ust', 'tva', 'iva', 'vat amount', 'tax amount', 'taxes', 'kwota vat', 'podatek'],
  tax_rate: [
    'tax rate', 'vat rate', 'tax %', 'vat %', 'btw %', 'mwst %', 'ust %', 'tva %', 'taux tva', 'taux', 'stawka vat', 'stawka',
    'tax percent', 'line tax percent', 'taxpercent', '%',
  ],
  sku: [
    'sku', 'code', 'item code', 'product code', 'art nr', 'artnr', 'artikelnummer', 'artikelnr', 'article no', 'part number',
    'part no', 'ref', 'reference', 'barcode', 'ean', 'item no', 'item number', 'product id', 'kod', 'indeks',
  ],
  unit: ['unit', 'uom', 'einheit', 'unite', 'jm', 'eenheid', 'unit of measure', 'me'],
  discount: ['discount', 'disc', 'rabatt', 'remise', 'korting', 'rabat', 'descuento', 'sconto', 'disc %'],
  position: ['pos', 'no', '#', 'line', 'nr', 'lp', 'item no.', 'position'],
};
