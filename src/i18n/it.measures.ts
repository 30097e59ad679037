/**
 * Italian names of a brake's measures (issue 37, point 3; src/domain/brakeMeasures.ts): the
 * listing's measure filters and the product page's facts. They load with those pages' chunks
 * (`addPageTexts`); Polish and English are in their whole catalogues.
 */
const itMeasures = {
  measures: {
    discType: 'Tipo di disco',
    discDiameter: 'Diametro del disco',
    discThickness: 'Spessore del disco',
    discMinThickness: 'Spessore minimo',
    discCentring: 'Diametro di centraggio',
    discHoles: 'Numero di fori',
    padWidth: 'Larghezza',
    padHeight: 'Altezza',
    padThickness: 'Spessore',
    padWear: 'Segnalatore d\u2019usura',
    millimetres: '{{value}} mm',
  },
};

export default itMeasures;
