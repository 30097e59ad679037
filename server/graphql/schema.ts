/**
 * The shop's GraphQL schema at POST /graphql/v1/ (names from WIRE.md, the platform's own
 * shop templates, and the brake-shop spec's section 7).
 */
export const schema = /* GraphQL */ `
  type Money {
    value: Float!
    currency: String
    formatted: String!
  }
  type PriceByType {
    gross: Money
    net: Money
  }

  input LastLowestPricesInput {
    productId: Int!
    sizeId: String
    date: String
  }
  type LowestPriceSize {
    id: String!
    price: PriceByType!
  }
  type LowestPriceProduct {
    id: Int!
    sizes: [LowestPriceSize!]!
  }

  input SearchInput {
    text: String!
    limit: Int
    "Ours: the visitor's language (it, pl, en): the cms group holds that language's pages."
    lang: String
  }
  type SearchPrice {
    gross: Money!
    net: Money!
  }
  type SearchPriceHolder {
    price: SearchPrice!
  }
  type TextSearchProduct {
    name: String!
    link: String!
    iconSmall: String!
    price: SearchPriceHolder!
  }
  type NamedLink {
    name: String!
    link: String!
  }
  type MenuNode {
    name: String!
    link: String!
    breadcrumbs: [String!]!
  }
  type ReplacementCode {
    name: String!
    link: String!
    param_id: Int!
    value_id: Int!
  }
  type TextSearchResult {
    products: [TextSearchProduct!]!
    producers: [NamedLink!]!
    series: [NamedLink!]!
    menuNodes: [MenuNode!]!
    cms: [NamedLink!]!
    searchQueries: [NamedLink!]!
    replacementCodes: [ReplacementCode!]!
  }

  "A parameter filter of the brake product queries: trait id (172622, 148722, 24, 49) and its value ids."
  input ParameterFilter {
    id: Int!
    values: [Int!]!
  }
  input ProductsSearchInput {
    productsId: [Int!]
    parameters: [ParameterFilter!]
    "Ours: the finder's built engine field (Brand|Model|Generation|Engine, 2 to 4 names) in place of an engine id (49)."
    vehicle: String
    limit: Int
  }
  "A brake product's price, gross and net (the page shows the one of the shop's price type)."
  type BrakePrice {
    gross: Money!
    net: Money!
  }
  type BrakePriceHolder {
    price: BrakePrice!
  }
  type Producer {
    name: String!
  }
  type ProductSize {
    id: String!
    name: String!
  }
  type ParameterValue {
    id: Int!
    name: String!
  }
  type AwardedParameter {
    name: String!
    id: Int!
    values: [ParameterValue!]!
  }
  type BrakeProduct {
    id: Int!
    name: String!
    link: String!
    icon: String!
    longDescription: String!
    price: BrakePriceHolder!
    producer: Producer!
    sizes: [ProductSize!]
    versionName: String!
    awardedParameters: [AwardedParameter!]!
  }
  type ProductsResult {
    products: [BrakeProduct!]!
  }

  input ShippingProductInput {
    id: Int!
    size: String!
    quantity: Float!
  }
  input ShippingInput {
    mode: String!
    products: [ShippingProductInput!]!
    forcedRegion: String
  }
  type Courier {
    name: String!
    icon: String!
  }
  type DeliveryDays {
    days: Int!
  }
  type DeliveryTime {
    time: DeliveryDays!
    workingDays: Boolean!
  }
  type ShippingOption {
    courier: Courier!
    prepaid: String!
    cost: Money!
    deliveryTime: DeliveryTime!
  }
  type ShippingResult {
    shipping: [ShippingOption!]!
  }

  input BasketProductInput {
    id: Int!
    size: String!
    additional: String
    quantity: Float
  }
  type MutationError {
    code: String!
    message: String!
  }
  type MutationResult {
    status: String!
    error: MutationError
  }
  type BasketMutation {
    status: String!
    results: [MutationResult!]!
  }

  type Query {
    getLastLowestProductPrices(lastLowestPricesInput: [LastLowestPricesInput!]!): [LowestPriceProduct!]!
    trackingEvents: [String!]!
    productsTextSearch(searchInput: SearchInput!): TextSearchResult!
    products(searchInput: ProductsSearchInput!): ProductsResult!
    shipping(ShippingInput: ShippingInput!): ShippingResult!
  }

  type Mutation {
    addProductsToBasket(ProductInput: [BasketProductInput!]!): BasketMutation!
    removeProductsFromBasket(ProductInput: [BasketProductInput!]!): BasketMutation!
  }
`;
