import { useState, type ChangeEvent } from 'react';
import { useTranslation } from '../i18n/react';
import { useLayoutKind } from '../../store/hooks';
import { LANGUAGES, isLanguage, rememberLanguage, switchLanguage } from '../i18n/runtime';
import { SnippetsEnd } from './ShopSnippets';
import { DropDownList } from './DropDownList';
import { infoPageLink, type InfoTopic } from '../domain/infoPages';

/** Link groups: an address, or an information page's topic (its address depends on the language). */
const GROUPS: ReadonlyArray<{ id: string; links: ReadonlyArray<readonly [string, string | { topic: InfoTopic }]> }> = [
  { id: 'shop', links: [['pads', '/search.php?traits_alt[24]=148728'], ['discs', '/search.php?traits_alt[24]=151538'], ['kits', '/search.php?traits_alt[24]=154315'], ['brakes', '/brakes.php']] },
  { id: 'help', links: [['contact', '/contact.php'], ['shipping', { topic: 'shipping' }], ['returns', { topic: 'returns' }]] },
  { id: 'info', links: [['instalments', { topic: 'instalments' }], ['warranty', { topic: 'warranty' }]] },
];

/**
 * Footer link groups: collapsed in view 1 (mobile), open in views 2-4; the shopper can toggle
 * each. The language / region trigger switches the site's language.
 */
export function Footer() {
  const { t, i18n } = useTranslation();
  // Folded (as on a phone) until the layout mode is known: the footer is below the first screen,
  // so wider layouts opening it then move nothing the shopper sees, and its buttons say the truth.
  const mobile = useLayoutKind() !== 'wide';
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  // A shopper's own toggle wins until the layout mode changes.
  const [modeOfToggles, setModeOfToggles] = useState(mobile);
  if (modeOfToggles !== mobile) {
    setModeOfToggles(mobile);
    setToggled({});
  }

  const changeLanguage = (event: ChangeEvent<HTMLSelectElement>) => {
    const language = event.target.value;
    if (!isLanguage(language)) return;
    void switchLanguage(i18n, language);
    document.documentElement.lang = language;
    rememberLanguage(language);
  };

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
                    <a href={typeof href === 'string' ? href : infoPageLink(href.topic, i18n.language)}>{t(`footer.links.${key}`)}</a>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
        <section className="footer-group footer-region">
          <h2 className="footer-group__title footer-region__title">
            <label htmlFor="language-region">{t('footer.region')}</label>
          </h2>
          <select id="language-region" value={i18n.language} onChange={changeLanguage}>
            {LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {t(`language.${language}`)}
              </option>
            ))}
          </select>
        </section>
      </div>
      <div className="site-footer__service">
        <DropDownList
          label={t('footer.service')}
          direction="up"
          links={[
            { href: '/contact.php', label: t('footer.links.contact') },
            { href: '/basketedit.php', label: t('header.basket') },
            { href: infoPageLink('shipping', i18n.language), label: t('footer.links.shipping') },
            { href: infoPageLink('returns', i18n.language), label: t('footer.links.returns') },
          ]}
        />
      </div>
      <p className="site-footer__legal">{t('footer.copyright')}</p>
      <SnippetsEnd />
    </footer>
  );
}
