/**
 * Italian texts of a product's group of equivalent codes (issue 37, point 4) on its page. They
 * load with the product page's chunk (`addPageTexts`); Polish and English are in their whole catalogues.
 */
const itCodeGroup = {
  codeGroup: {
    title: 'Codici equivalenti',
    equivalent: 'equivalente a',
    replaces: 'sostituisce',
    replacedBy: 'sostituito da',
    search: 'Cerca {{code}}',
  },
};

export default itCodeGroup;
