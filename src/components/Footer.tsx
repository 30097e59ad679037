import { useState } from 'react';
import { useTranslation } from '../i18n/react';
import { useAppSelector, useLayoutKind } from '../../store/hooks';
import { LANGUAGES } from '../i18n/runtime';
import { pageAddresses } from '../domain/languagePaths';
import { useLocalPath } from './useLocalPath';
import { selectPriceType } from '../../store/shopDataSlice';
import { SnippetsEnd } from './ShopSnippets';
import { DropDownList } from './DropDownList';
import { infoPageLink, type InfoTopic } from '../domain/infoPages';
import { DISCS_HREF, KITS_HREF, PADS_HREF } from './categoryLinks';

/** Link groups: an address, or an information page's topic (its address depends on the language). */
const GROUPS: ReadonlyArray<{ id: string; links: ReadonlyArray<readonly [string, string | { topic: InfoTopic }]> }> = [
  { id: 'shop', links: [['pads', PADS_HREF], ['discs', DISCS_HREF], ['kits', KITS_HREF], ['brakes', '/brakes.php']] },
  { id: 'help', links: [['contact', '/contact.php'], ['shipping', { topic: 'shipping' }], ['returns', { topic: 'returns' }]] },
  { id: 'info', links: [['instalments', { topic: 'instalments' }], ['warranty', { topic: 'warranty' }]] },
];

/**
 * Footer link groups: collapsed in view 1 (mobile), open in views 2-4; the shopper can toggle
 * each. The language / region trigger is one plain link per language to this same page in that
 * language (`/pl/...`, `/en/...`, Italian at the root): it works without the script, and with it
 * follows the address the page has now (a partial load's new listing page included).
 */
export function Footer() {
  const { t, i18n } = useTranslation();
  const local = useLocalPath();
  const location = useAppSelector((state) => state.page.location);
  const query = new URLSearchParams(location?.query ?? {}).toString();
  const addresses = pageAddresses(location?.path ?? '/', query ? `?${query}` : '');
  // Folded (as on a phone) until the layout mode is known: the footer is below the first screen,
  // so wider layouts opening it then move nothing the shopper sees, and its buttons say the truth.
  const mobile = useLayoutKind() !== 'wide';
  // The shop's price type: the footer says whether its prices include VAT.
  const net = useAppSelector(selectPriceType) === 'net';
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  // A shopper's own toggle wins until the layout mode changes.
  const [modeOfToggles, setModeOfToggles] = useState(mobile);
  if (modeOfToggles !== mobile) {
    setModeOfToggles(mobile);
    setToggled({});
  }

  return (
    <footer className="site-footer">
      <div className="site-footer__groups">
        {GROUPS.map((group) => {
          const open = toggled[group.id] ?? !mobile;
          const panelId = `footer-group-${group.id}`;
          return (
            <section className="footer-group" key={group.id} data-open={open}>
              <h2 className="footer-group__title">
                <button type="button" aria-expanded={open} aria-controls={panelId} onClick={() => setToggled({ ...toggled, [group.id]: !open })}>
                  {t(`footer.groups.${group.id}`)}
                </button>
              </h2>
              <ul id={panelId} hidden={!open}>
                {group.links.map(([key, href]) => (
                  <li key={key}>
                    <a href={typeof href === 'string' ? local(href) : infoPageLink(href.topic, i18n.language)}>{t(`footer.links.${key}`)}</a>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
        <nav className="footer-group footer-region" aria-labelledby="language-region">
          <h2 className="footer-group__title footer-region__title" id="language-region">
            {t('footer.region')}
          </h2>
          <ul className="footer-region__languages">
            {LANGUAGES.map((language) => (
              <li key={language}>
                <a href={addresses[language]} hrefLang={language} lang={language} aria-current={language === i18n.language ? 'true' : undefined}>
                  {t(`language.${language}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="site-footer__service">
        <DropDownList
          label={t('footer.service')}
          direction="up"
          links={[
            { href: local('/contact.php'), label: t('footer.links.contact') },
            { href: local('/basketedit.php'), label: t('header.basket') },
            { href: infoPageLink('shipping', i18n.language), label: t('footer.links.shipping') },
            { href: infoPageLink('returns', i18n.language), label: t('footer.links.returns') },
          ]}
        />
      </div>
      <p className="site-footer__legal">{t(net ? 'footer.copyrightNet' : 'footer.copyright')}</p>
      <SnippetsEnd />
    </footer>
  );
}
