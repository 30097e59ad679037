/** Real car brands and models for the demo catalogue (generations and engines are generated). */
export const VEHICLES: Record<string, string[]> = {
  'Alfa Romeo': ['147', '156', '159', 'Giulietta', 'MiTo', 'Giulia', 'Stelvio', 'GT', 'Brera', 'Tonale'],
  Audi: ['A1', 'A3', 'A4', 'A5', 'A6', 'Q2', 'Q3', 'Q5', 'Q7', 'TT'],
  BMW: ['Serie 1', 'Serie 2', 'Serie 3', 'Serie 4', 'Serie 5', 'X1', 'X3', 'X5', 'Mini', 'Z4'],
  Citroën: ['C1', 'C3', 'C4', 'C5', 'Berlingo', 'C3 Aircross', 'C4 Picasso', 'DS3', 'Jumpy', 'Xsara'],
  Dacia: ['Sandero', 'Logan', 'Duster', 'Lodgy', 'Dokker', 'Spring', 'Jogger', 'Sandero Stepway', 'Logan MCV', 'Solenza'],
  Fiat: ['Panda', 'Punto', '500', '500X', '500L', 'Tipo', 'Bravo', 'Doblò', 'Ducato', 'Qubo'],
  Ford: ['Fiesta', 'Focus', 'Mondeo', 'Kuga', 'C-Max', 'Ka', 'Puma', 'EcoSport', 'Transit', 'S-Max'],
  Honda: ['Civic', 'Jazz', 'CR-V', 'HR-V', 'Accord', 'Insight', 'FR-V', 'City', 'e', 'ZR-V'],
  Hyundai: ['i10', 'i20', 'i30', 'Tucson', 'Kona', 'Santa Fe', 'ix35', 'ix20', 'Bayon', 'Ioniq'],
  Jeep: ['Renegade', 'Compass', 'Cherokee', 'Grand Cherokee', 'Wrangler', 'Avenger', 'Patriot', 'Commander', 'Gladiator', 'Liberty'],
  Kia: ['Picanto', 'Rio', 'Ceed', 'Sportage', 'Niro', 'Stonic', 'Sorento', 'Venga', 'Soul', 'XCeed'],
  Lancia: ['Ypsilon', 'Delta', 'Musa', 'Lybra', 'Thesis', 'Phedra', 'Voyager', 'Flavia', 'Thema', 'Kappa'],
  'Land Rover': ['Defender', 'Discovery', 'Discovery Sport', 'Freelander', 'Range Rover', 'Range Rover Evoque', 'Range Rover Sport', 'Range Rover Velar', 'Defender 110', 'Defender 90'],
  Mazda: ['Mazda2', 'Mazda3', 'Mazda6', 'CX-3', 'CX-30', 'CX-5', 'MX-5', 'CX-60', 'Mazda5', 'RX-8'],
  'Mercedes-Benz': ['Classe A', 'Classe B', 'Classe C', 'Classe E', 'GLA', 'GLC', 'CLA', 'Sprinter', 'Vito', 'ML'],
  Mitsubishi: ['Space Star', 'Colt', 'ASX', 'Outlander', 'Eclipse Cross', 'Lancer', 'L200', 'Pajero', 'Grandis', 'i-MiEV'],
  Nissan: ['Micra', 'Juke', 'Qashqai', 'X-Trail', 'Note', 'Leaf', 'Navara', 'Pulsar', 'Almera', 'Primera'],
  Opel: ['Corsa', 'Astra', 'Insignia', 'Meriva', 'Zafira', 'Mokka', 'Crossland', 'Grandland', 'Adam', 'Vivaro'],
  Peugeot: ['108', '208', '308', '508', '2008', '3008', '5008', 'Partner', 'Rifter', '207'],
  Porsche: ['911', 'Cayenne', 'Macan', 'Panamera', 'Boxster', 'Cayman', 'Taycan', '718', 'Carrera', '991'],
  Renault: ['Clio', 'Mégane', 'Captur', 'Kadjar', 'Scénic', 'Twingo', 'Kangoo', 'Laguna', 'Talisman', 'Arkana'],
  Seat: ['Ibiza', 'Leon', 'Arona', 'Ateca', 'Tarraco', 'Altea', 'Toledo', 'Mii', 'Alhambra', 'Cordoba'],
  Škoda: ['Fabia', 'Octavia', 'Superb', 'Kodiaq', 'Karoq', 'Kamiq', 'Scala', 'Rapid', 'Yeti', 'Roomster'],
  Smart: ['ForTwo', 'ForFour', 'Roadster', '#1', '#3', 'Crossblade', 'City Coupé', 'ForTwo Cabrio', 'ForFour EQ', 'ForTwo EQ'],
  Subaru: ['Impreza', 'Forester', 'Outback', 'XV', 'Legacy', 'BRZ', 'Levorg', 'Justy', 'Tribeca', 'Solterra'],
  Suzuki: ['Swift', 'Vitara', 'Ignis', 'S-Cross', 'Jimny', 'Baleno', 'Splash', 'Alto', 'SX4', 'Celerio'],
  Tesla: ['Model 3', 'Model S', 'Model X', 'Model Y', 'Roadster', 'Cybertruck', 'Model 3 Performance', 'Model Y Performance', 'Model S Plaid', 'Model X Plaid'],
  Toyota: ['Yaris', 'Corolla', 'Auris', 'C-HR', 'RAV4', 'Aygo', 'Prius', 'Avensis', 'Land Cruiser', 'Hilux'],
  Volkswagen: ['Golf', 'Polo', 'Passat', 'Tiguan', 'T-Roc', 'Touran', 'Up!', 'Caddy', 'Transporter', 'T-Cross'],
  Volvo: ['V40', 'V60', 'V90', 'XC40', 'XC60', 'XC90', 'S60', 'S90', 'C30', 'V70'],
  Lexus: ['CT', 'IS', 'ES', 'NX', 'RX', 'UX', 'GS', 'LS', 'LC', 'RC'],
  Chevrolet: ['Spark', 'Aveo', 'Cruze', 'Captiva', 'Trax', 'Orlando', 'Matiz', 'Kalos', 'Lacetti', 'Epica'],
};

/** Engine families per fuel: [name pattern, displacement, power range in CV]. */
export const ENGINE_FAMILIES: Array<{ label: string; fuel: 'benzina' | 'diesel' | 'ibrida' | 'elettrico'; cv: [number, number] }> = [
  { label: '1.0 TSI', fuel: 'benzina', cv: [95, 115] },
  { label: '1.2 PureTech', fuel: 'benzina', cv: [82, 130] },
  { label: '1.4 TSI', fuel: 'benzina', cv: [122, 150] },
  { label: '1.6 TDI', fuel: 'diesel', cv: [90, 120] },
  { label: '2.0 TDI', fuel: 'diesel', cv: [136, 190] },
  { label: '1.5 dCi', fuel: 'diesel', cv: [75, 115] },
  { label: '1.3 MultiJet', fuel: 'diesel', cv: [75, 95] },
  { label: '1.4 T-Jet', fuel: 'benzina', cv: [120, 170] },
  { label: '2.0 TFSI', fuel: 'benzina', cv: [190, 265] },
  { label: '1.8 Hybrid', fuel: 'ibrida', cv: [122, 140] },
  { label: '2.0 BlueHDi', fuel: 'diesel', cv: [150, 180] },
  { label: '1.6 GDI', fuel: 'benzina', cv: [120, 177] },
  { label: '2.2 CRDi', fuel: 'diesel', cv: [150, 200] },
  { label: '3.0 TDI V6', fuel: 'diesel', cv: [218, 286] },
  { label: 'Elettrico', fuel: 'elettrico', cv: [136, 300] },
];

/** Parts producers and how their catalogue numbers look. */
export const PRODUCERS: Array<{ name: string; pattern: string }> = [
  { name: 'Brembo', pattern: 'P ## ###' },
  { name: 'ATE', pattern: '13.####-####.2' },
  { name: 'TRW', pattern: 'GDB####' },
  { name: 'Bosch', pattern: '0 986 ### ###' },
  { name: 'Ferodo', pattern: 'FDB####' },
  { name: 'Textar', pattern: '#######' },
  { name: 'Zimmermann', pattern: '###.####.##' },
  { name: 'Jurid', pattern: '57####J' },
  { name: 'Mintex', pattern: 'MDB####' },
  { name: 'EBC', pattern: 'DP####' },
  { name: 'Pagid', pattern: 'T####' },
  { name: 'Delphi', pattern: 'LP####' },
  { name: 'Bendix', pattern: '57####B' },
  { name: 'Valeo', pattern: '30####' },
];

/** The shop's own label: services, gift cards and accessories it sells itself. */
export const SHOP_PRODUCER = { name: 'FreniShop', pattern: 'FS-####' };

/** OE (original equipment) code shapes by vehicle maker family. */
export const OE_PATTERNS = ['#K0###@@@', '@@###-###', '#### ##', '77#######', '16########', '34 11 # ### ###', 'A### ### ## ##'];
