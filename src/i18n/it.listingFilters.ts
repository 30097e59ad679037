/** Italian texts of the listing's brake filters (issue 25): they load with the listing page's chunk (`addPageTexts`). */
const itListingFilters = {
  listing: {
    allValues: 'Tutti',
    axle: 'Asse',
    axleFront: 'Anteriore',
    axleRear: 'Posteriore',
    discType: 'Tipo di disco',
    discDiameter: 'Diametro del disco',
    millimetres: '{{value}} mm',
  },
};

export default itListingFilters;
