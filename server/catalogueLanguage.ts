import type { FastifyRequest } from 'fastify';
import type { AwardedParameter, BasketSummary, BrakeProduct, ListingProduct, ListingResponse, ProductPageData, TextSearchResult, VehiclePageData } from '../src/api/wire';
import { TRAIT, BRAKE_CATEGORY } from '../src/api/wire';
import { resources } from '../src/i18n';
import { isLanguage, type Language } from '../src/i18n/runtime';
import { catalogueNumber } from '../src/domain/brakes';
import type { ListingFilter, ShopRepository } from './db/repository';
import type { CatalogueTexts } from './db/catalogueTexts';
import { descriptionHtml, ENGINE_LIST_START, type DescriptionLabels } from './db/shopViews';
import { BadRequest } from './http';

/**
 * Every page and answer in the language asked for (issue 34). The repositories answer in the
 * shop's language (Italian); `inLanguage` gives routes a repository whose answers are in another
 * one: the shop's own texts (availability, the description's headings, the default unit) from
 * the i18n catalogues (section `shopTexts`), the catalogue's names (categories, traits, sizes,
 * units, products' names and descriptions) from its texts in that language
 * (server/db/catalogueTexts.ts), the shop's own where it has none.
 */
export interface ShopTexts {
  status: Record<'enable' | 'order' | 'disable' | 'tel', string>;
  description: DescriptionLabels;
  unit: string;
  snippets: { deliveryMobile: string; delivery: string; trust: string; freeShipping: string };
}

export function shopTexts(language: Language): ShopTexts {
  return (resources[language].translation as unknown as { shopTexts: ShopTexts }).shopTexts;
}

/** The language an API call asks for: `lang` (ours; it, pl, en), the shop's (it) without it. */
export function requestLanguage(request: FastifyRequest): Language {
  const lang = (request.query as Record<string, unknown> | undefined)?.lang;
  if (lang === undefined || lang === '') return 'it';
  if (!isLanguage(lang)) throw new BadRequest('invalid_parameter', 'Parameter lang must be it, pl or en');
  return lang;
}

/** The same, for a caller that cannot answer 400 itself (the GraphQL context): an unknown `lang` is the shop's. */
export function requestLanguageOrShop(request: FastifyRequest): Language {
  const lang = (request.query as Record<string, unknown> | undefined)?.lang;
  return isLanguage(lang) ? lang : 'it';
}

/** Names and texts of one language: the catalogue's, then the shop's own. */
class Translator {
  readonly shop: ShopTexts;
  private readonly italianShop = shopTexts('it');

  constructor(
    readonly language: Language,
    private readonly texts: CatalogueTexts,
  ) {
    this.shop = shopTexts(language);
  }

  name = (kind: Parameters<CatalogueTexts['text']>[0], id: string | number, italian: string) => this.texts.text(kind, id, this.language, italian);

  status = (status: string, italian: string) => (status in this.shop.status ? this.shop.status[status as keyof ShopTexts['status']] : italian);

  unit = (unit: string) => (unit === this.italianShop.unit ? this.shop.unit : this.texts.text('unit', unit, this.language, unit));

  params = (params: AwardedParameter[]): AwardedParameter[] =>
    params.map((param) => ({ ...param, name: this.name('param', param.id, param.name), values: param.values.map((value) => ({ ...value, name: this.name('value', value.id, value.name) })) }));

  /** A description drawn again with this language's labels, traits and lead; its engine list as it was. */
  description(html: string, parts: { id: number; name: string; lead: string | null; categoryId: number; producer: string; versionName: string; params: AwardedParameter[] }): string {
    const engines = html.indexOf(ENGINE_LIST_START);
    const lead = parts.lead ? this.name('description', parts.id, parts.lead) : this.name('product', parts.id, parts.name);
    return descriptionHtml(
      {
        lead,
        supplierText: parts.categoryId === BRAKE_CATEGORY.discs,
        producerName: parts.producer,
        catalogNo: catalogueNumber(parts.versionName),
        params: parts.params,
        engineList: engines >= 0 ? html.slice(engines) : '',
      },
      this.shop.description,
    );
  }

  productPage(data: ProductPageData): ProductPageData {
    const params = this.params(data.awardedParameters);
    const sizes: ProductPageData['sizes'] = {};
    for (const [id, size] of Object.entries(data.sizes)) {
      sizes[id] = {
        ...size,
        name: this.name('size', `${data.product_id}:${id}`, size.name),
        availability: { ...size.availability, status_description: this.status(size.availability.status, size.availability.status_description), status_description_tel: this.shop.status.tel },
      };
    }
    return {
      ...data,
      name: this.name('product', data.product_id, data.name),
      shortDescription: data.shortDescription ? this.name('description', data.product_id, data.shortDescription) : data.shortDescription,
      category: { ...data.category, name: this.name('category', data.category.id, data.category.name) },
      unit: this.unit(data.unit),
      unit_plural: this.unit(data.unit_plural),
      sizes,
      awardedParameters: params,
      longDescription: this.description(data.longDescription, {
        id: data.product_id,
        name: data.name,
        lead: data.shortDescription || null,
        categoryId: data.category.id,
        producer: data.producer.name,
        versionName: data.versionName,
        params,
      }),
    };
  }

  listingProduct = (product: ListingProduct): ListingProduct => ({
    ...product,
    name: this.name('product', product.id, product.name),
    category: { ...product.category, name: this.name('category', product.category.id, product.category.name) },
    axis: product.axis ? { ...product.axis, name: this.name('value', product.axis.id, product.axis.name) } : null,
    status_description: this.status(product.status, product.status_description),
  });

  facet = (kind: 'category' | 'value') => (rows: Array<[number, string, number]>): Array<[number, string, number]> => rows.map(([id, name, count]) => [id, this.name(kind, id, name), count]);

  listing(data: ListingResponse): ListingResponse {
    return {
      ...data,
      products: data.products.map(this.listingProduct),
      categories: this.facet('category')(data.categories),
      ...(data.axes ? { axes: this.facet('value')(data.axes) } : {}),
    };
  }

  brakeProduct = (product: BrakeProduct): BrakeProduct => {
    const params = this.params(product.awardedParameters);
    const category = product.awardedParameters.find((param) => param.id === TRAIT.category)?.values[0]?.id ?? 0;
    return {
      ...product,
      name: this.name('product', product.id, product.name),
      awardedParameters: params,
      ...(product.sizes ? { sizes: product.sizes.map((size) => ({ ...size, name: this.name('size', `${product.id}:${size.id}`, size.name) })) } : {}),
      longDescription: this.description(product.longDescription, { id: product.id, name: product.name, lead: leadOf(product.longDescription), categoryId: category, producer: product.producer.name, versionName: product.versionName, params }),
    };
  };

  /** Basket lines (and withdrawn ones) named in this language: product, size and unit. */
  basket(data: BasketSummary): BasketSummary {
    return {
      ...data,
      products: data.products.map((line) => ({
        ...line,
        name: this.name('product', line.id, line.name),
        size_name: this.name('size', `${line.id}:${line.size}`, line.size_name),
        ...(line.rules ? { rules: { ...line.rules, unit: this.unit(line.rules.unit), unit_plural: this.unit(line.rules.unit_plural) } } : {}),
      })),
      ...(data.withdrawn
        ? { withdrawn: data.withdrawn.map((line) => ({ ...line, name: this.name('product', line.id, line.name), size_name: this.name('size', `${line.id}:${line.size}`, line.size_name) })) }
        : {}),
    };
  }

  /** Live search's products named in this language (the product's id is in its link). */
  textSearch(data: TextSearchResult): TextSearchResult {
    return {
      ...data,
      products: data.products.map((product) => {
        const id = /\/product-(\d+)-/.exec(product.link)?.[1];
        return id ? { ...product, name: this.name('product', id, product.name) } : product;
      }),
    };
  }

  vehiclePage(data: VehiclePageData): VehiclePageData {
    return {
      ...data,
      categories: data.categories.map((category) => ({
        ...category,
        name: this.name('category', category.id, category.name),
        parts: category.parts.map((part) => ({ ...part, name: this.name('product', part.id, part.name) })),
      })),
    };
  }
}

/** The lead paragraph's text of a description the repository drew (a brake product carries no short description of its own). */
function leadOf(html: string): string | null {
  const match = /^<p[^>]*>([^<]*)<\/p>/.exec(html);
  if (!match) return null;
  return match[1].replace(/&(amp|lt|gt|quot|#39);/g, (_, entity: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[entity]!);
}

/** The repository for answers in `language`: the same one for Italian, the shop's language. */
export function inLanguage(shopRepo: ShopRepository, language: Language): ShopRepository {
  const repo = forgivingSearch(shopRepo, language);
  if (language === 'it') return repo;
  const translator = async () => new Translator(language, await repo.catalogueTexts());
  const replaced: Partial<ShopRepository> = {
    productPage: async (id) => {
      const [data, t] = await Promise.all([repo.productPage(id), translator()]);
      return data && t.productPage(data);
    },
    listing: async (filter, page, pageSize) => {
      const [data, t] = await Promise.all([repo.listing(filter, page, pageSize), translator()]);
      return t.listing(data);
    },
    categoryCounts: async (filter) => {
      const [rows, t] = await Promise.all([repo.categoryCounts(filter), translator()]);
      return t.facet('category')(rows);
    },
    axisCounts: async (filter) => {
      const [rows, t] = await Promise.all([repo.axisCounts(filter), translator()]);
      return t.facet('value')(rows);
    },
    brakeProducts: async (filter) => {
      const [products, t] = await Promise.all([repo.brakeProducts(filter), translator()]);
      return products.map(t.brakeProduct);
    },
    basket: async (visitorId) => {
      const [data, t] = await Promise.all([repo.basket(visitorId), translator()]);
      return t.basket(data);
    },
    textSearch: async (text, limit, lang) => {
      const [data, t] = await Promise.all([repo.textSearch(text, limit, lang), translator()]);
      return t.textSearch(data);
    },
    vehiclePage: async (kind, id) => {
      const [data, t] = await Promise.all([repo.vehiclePage(kind, id), translator()]);
      return data && t.vehiclePage(data);
    },
  };
  return new Proxy(repo, {
    get(target, property) {
      if (property in replaced) return replaced[property as keyof ShopRepository];
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * The repository whose text searches (live search, listings and their counts) forgive a typo
 * and read words of `language` (issue 37, point 6; server/db/searchVocabulary.ts): the text is
 * expanded with the vocabulary's alternatives before it reaches the repository and its caches.
 */
export function forgivingSearch(repo: ShopRepository, language: Language): ShopRepository {
  if (!repo.searchVocabulary) return repo;
  const expand = async (text: string): Promise<string> => (await repo.searchVocabulary!()).expand(text, language);
  const expandFilter = async (filter: ListingFilter): Promise<ListingFilter> => (filter.text ? { ...filter, text: await expand(filter.text) } : filter);
  const replaced: Partial<ShopRepository> = {
    textSearch: async (text, limit, lang) => repo.textSearch(await expand(text), limit, lang),
    listing: async (filter, page, pageSize) => repo.listing(await expandFilter(filter), page, pageSize),
    categoryCounts: async (filter) => repo.categoryCounts(await expandFilter(filter)),
    axisCounts: async (filter) => repo.axisCounts(await expandFilter(filter)),
  };
  return new Proxy(repo, {
    get(target, property) {
      if (property in replaced) return replaced[property as keyof ShopRepository];
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
