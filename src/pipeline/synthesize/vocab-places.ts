/**
 * Places, people and company-name parts per country, in Latin script (the renderer's embedded fonts cover it;
 * Japanese names are romanised). Postcodes are real-looking for their cities.
 */
export type Country = 'US' | 'GB' | 'DE' | 'FR' | 'ES' | 'IT' | 'NL' | 'JP';

export const COUNTRIES: readonly Country[] = ['US', 'GB', 'DE', 'FR', 'ES', 'IT', 'NL', 'JP'];

export interface CountryInfo {
  name: string;
  locale: string;
  currency: string;
  /** Standard and reduced VAT / sales-tax rates. */
  taxRates: number[];
  taxLabel: string;
  /** City with a postcode (and state for the US). */
  cities: { city: string; postcode: string; region?: string }[];
  streets: string[];
  /** Street line: `{n} {street}` or `{street} {n}`. */
  numberFirst: boolean;
  firstNames: string[];
  lastNames: string[];
  suffixes: string[];
  phonePrefix: string;
  banks: string[];
  emailTld: string;
}

export const COUNTRY_INFO: Readonly<Record<Country, CountryInfo>> = {
  US: {
    name: 'United States', locale: 'en-US', currency: 'USD', taxRates: [7.25, 6, 8.875, 8.25, 0], taxLabel: 'Sales tax', numberFirst: true,
    cities: [
      { city: 'Springfield', postcode: '62701', region: 'IL' }, { city: 'Austin', postcode: '78701', region: 'TX' },
      { city: 'Denver', postcode: '80202', region: 'CO' }, { city: 'Columbus', postcode: '43215', region: 'OH' },
      { city: 'Portland', postcode: '97204', region: 'OR' }, { city: 'Raleigh', postcode: '27601', region: 'NC' },
      { city: 'Boston', postcode: '02110', region: 'MA' }, { city: 'San Jose', postcode: '95113', region: 'CA' },
    ],
    streets: ['Main Street', 'Oak Avenue', 'Maple Drive', 'Commerce Boulevard', 'Industrial Parkway', 'Lake Street', 'Market Street', 'Elm Road'],
    firstNames: ['James', 'Mary', 'Robert', 'Linda', 'Michael', 'Sarah', 'David', 'Emily', 'Daniel', 'Jessica'],
    lastNames: ['Smith', 'Johnson', 'Miller', 'Davis', 'Wilson', 'Anderson', 'Taylor', 'Moore', 'Clark', 'Walker'],
    suffixes: ['Inc.', 'LLC', 'Corp.', 'Co.'], phonePrefix: '+1', emailTld: 'com',
    banks: ['First National Bank', 'Pacific Trust Bank', 'Lakeside Savings Bank', 'Union Commerce Bank'],
  },
  GB: {
    name: 'United Kingdom', locale: 'en-GB', currency: 'GBP', taxRates: [20, 5], taxLabel: 'VAT', numberFirst: true,
    cities: [
      { city: 'London', postcode: 'EC1A 1BB' }, { city: 'Manchester', postcode: 'M1 2AB' }, { city: 'Leeds', postcode: 'LS1 4DY' },
      { city: 'Bristol', postcode: 'BS1 5TR' }, { city: 'Birmingham', postcode: 'B2 4QA' }, { city: 'Edinburgh', postcode: 'EH1 3YT' },
    ],
    streets: ['High Street', 'Station Road', 'Church Lane', 'Victoria Road', 'Mill Lane', 'Park Road', 'Queen Street', 'Kings Way'],
    firstNames: ['Oliver', 'Amelia', 'Harry', 'Olivia', 'George', 'Emily', 'Jack', 'Sophie', 'Thomas', 'Charlotte'],
    lastNames: ['Smith', 'Jones', 'Williams', 'Brown', 'Evans', 'Wright', 'Hughes', 'Edwards', 'Green', 'Hall'],
    suffixes: ['Ltd', 'PLC', 'Limited'], phonePrefix: '+44', emailTld: 'co.uk',
    banks: ['Albion Bank', 'Northern Counties Bank', 'Thames Merchant Bank'],
  },
  DE: {
    name: 'Germany', locale: 'de-DE', currency: 'EUR', taxRates: [19, 7], taxLabel: 'MwSt.', numberFirst: false,
    cities: [
      { city: 'Berlin', postcode: '10115' }, { city: 'München', postcode: '80331' }, { city: 'Hamburg', postcode: '20095' },
      { city: 'Köln', postcode: '50667' }, { city: 'Frankfurt am Main', postcode: '60311' }, { city: 'Stuttgart', postcode: '70173' },
      { city: 'Leipzig', postcode: '04109' }, { city: 'Düsseldorf', postcode: '40213' },
    ],
    streets: ['Hauptstraße', 'Bahnhofstraße', 'Industriestraße', 'Gartenweg', 'Lindenallee', 'Schillerstraße', 'Goethestraße', 'Am Markt'],
    firstNames: ['Lukas', 'Anna', 'Jonas', 'Lea', 'Felix', 'Laura', 'Maximilian', 'Sophie', 'Paul', 'Julia'],
    lastNames: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Hoffmann', 'Schulz'],
    suffixes: ['GmbH', 'AG', 'KG', 'GmbH & Co. KG'], phonePrefix: '+49', emailTld: 'de',
    banks: ['Sparkasse Rheinland', 'Volksbank Mittelhessen', 'Nordbank AG', 'Südwest Bank'],
  },
  FR: {
    name: 'France', locale: 'fr-FR', currency: 'EUR', taxRates: [20, 5.5, 10], taxLabel: 'TVA', numberFirst: true,
    cities: [
      { city: 'Paris', postcode: '75002' }, { city: 'Lyon', postcode: '69002' }, { city: 'Marseille', postcode: '13001' },
      { city: 'Toulouse', postcode: '31000' }, { city: 'Lille', postcode: '59000' }, { city: 'Nantes', postcode: '44000' },
    ],
    streets: ['rue de la République', 'avenue Victor Hugo', 'boulevard Voltaire', 'rue du Commerce', 'rue des Lilas', 'place de la Gare'],
    firstNames: ['Louis', 'Camille', 'Gabriel', 'Manon', 'Hugo', 'Chloé', 'Arthur', 'Léa', 'Jules', 'Inès'],
    lastNames: ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau'],
    suffixes: ['SARL', 'SAS', 'SA'], phonePrefix: '+33', emailTld: 'fr',
    banks: ['Banque du Rhône', 'Crédit Atlantique', 'Banque Populaire du Nord'],
  },
  ES: {
    name: 'Spain', locale: 'es-ES', currency: 'EUR', taxRates: [21, 10], taxLabel: 'IVA', numberFirst: false,
    cities: [
      { city: 'Madrid', postcode: '28013' }, { city: 'Barcelona', postcode: '08002' }, { city: 'Valencia', postcode: '46002' },
      { city: 'Sevilla', postcode: '41001' }, { city: 'Bilbao', postcode: '48001' }, { city: 'Zaragoza', postcode: '50001' },
    ],
    streets: ['Calle Mayor', 'Avenida de la Constitución', 'Calle del Sol', 'Paseo de Gracia', 'Calle Real', 'Gran Vía'],
    firstNames: ['Hugo', 'Lucía', 'Martín', 'Sofía', 'Pablo', 'María', 'Daniel', 'Paula', 'Alejandro', 'Carmen'],
    lastNames: ['García', 'Fernández', 'González', 'Rodríguez', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Ruiz'],
    suffixes: ['S.L.', 'S.A.'], phonePrefix: '+34', emailTld: 'es',
    banks: ['Banco del Levante', 'Caja Castellana', 'Banco Ibérico de Comercio'],
  },
  IT: {
    name: 'Italy', locale: 'it-IT', currency: 'EUR', taxRates: [22, 10, 4], taxLabel: 'IVA', numberFirst: false,
    cities: [
      { city: 'Milano', postcode: '20121' }, { city: 'Roma', postcode: '00186' }, { city: 'Torino', postcode: '10121' },
      { city: 'Bologna', postcode: '40121' }, { city: 'Firenze', postcode: '50122' }, { city: 'Napoli', postcode: '80133' },
    ],
    streets: ['Via Roma', 'Via Garibaldi', 'Corso Italia', 'Via Mazzini', 'Viale Europa', 'Via Dante'],
    firstNames: ['Leonardo', 'Giulia', 'Francesco', 'Sofia', 'Alessandro', 'Aurora', 'Lorenzo', 'Chiara', 'Matteo', 'Elena'],
    lastNames: ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco'],
    suffixes: ['S.r.l.', 'S.p.A.'], phonePrefix: '+39', emailTld: 'it',
    banks: ['Banca Padana', 'Banca del Tirreno', 'Credito Lombardo'],
  },
  NL: {
    name: 'Netherlands', locale: 'nl-NL', currency: 'EUR', taxRates: [21, 9], taxLabel: 'BTW', numberFirst: false,
    cities: [
      { city: 'Amsterdam', postcode: '1012 AB' }, { city: 'Rotterdam', postcode: '3011 AD' }, { city: 'Utrecht', postcode: '3511 LX' },
      { city: 'Den Haag', postcode: '2511 BT' }, { city: 'Eindhoven', postcode: '5611 AZ' }, { city: 'Groningen', postcode: '9711 LM' },
    ],
    streets: ['Kerkstraat', 'Dorpsstraat', 'Stationsweg', 'Molenweg', 'Industrieweg', 'Prinsengracht'],
    firstNames: ['Daan', 'Emma', 'Sem', 'Julia', 'Lucas', 'Tess', 'Finn', 'Sophie', 'Levi', 'Mila'],
    lastNames: ['de Jong', 'Jansen', 'de Vries', 'van den Berg', 'Bakker', 'Visser', 'Smit', 'Meijer', 'de Boer', 'Mulder'],
    suffixes: ['B.V.', 'N.V.'], phonePrefix: '+31', emailTld: 'nl',
    banks: ['Hollandse Handelsbank', 'Polderbank', 'Rijnland Bank'],
  },
  JP: {
    name: 'Japan', locale: 'ja-JP', currency: 'JPY', taxRates: [10, 8], taxLabel: 'Consumption tax', numberFirst: false,
    cities: [
      { city: 'Chiyoda-ku, Tokyo', postcode: '100-0005' }, { city: 'Kita-ku, Osaka', postcode: '530-0001' },
      { city: 'Naka-ku, Yokohama', postcode: '231-0023' }, { city: 'Naka-ku, Nagoya', postcode: '460-0008' },
      { city: 'Chuo-ku, Fukuoka', postcode: '810-0001' }, { city: 'Chuo-ku, Sapporo', postcode: '060-0001' },
    ],
    streets: ['Marunouchi', 'Umeda', 'Minatomirai', 'Sakae', 'Tenjin', 'Odori Nishi'],
    firstNames: ['Haruto', 'Yui', 'Sota', 'Hina', 'Ren', 'Aoi', 'Yuto', 'Sakura', 'Kaito', 'Mei'],
    lastNames: ['Sato', 'Suzuki', 'Takahashi', 'Tanaka', 'Watanabe', 'Ito', 'Yamamoto', 'Nakamura', 'Kobayashi', 'Kato'],
    suffixes: ['K.K.', 'Co., Ltd.'], phonePrefix: '+81', emailTld: 'co.jp',
    banks: ['Sakura Trust Bank', 'Kanto Commercial Bank', 'Naniwa Bank'],
  },
};

/** Word parts of invented company names (language-neutral, so any country can use them). */
export const NAME_STEMS = [
  'Acme', 'Nordlicht', 'Brightline', 'Cobalt', 'Evergreen', 'Granite', 'Helix', 'Ironbridge', 'Juniper', 'Keystone', 'Lumen',
  'Meridian', 'Northwind', 'Orion', 'Pinnacle', 'Quantum', 'Redwood', 'Summit', 'Trident', 'Vertex', 'Westgate', 'Zenith',
  'Alpen', 'Baltic', 'Crescent', 'Delta', 'Falcon', 'Harbor', 'Atlas', 'Silverline',
];
export const NAME_TRADES = [
  'Systems', 'Supplies', 'Industries', 'Components', 'Logistics', 'Technologies', 'Trading', 'Solutions', 'Manufacturing',
  'Office Products', 'Engineering', 'Consulting', 'Electronics', 'Tools', 'Partners',
];
