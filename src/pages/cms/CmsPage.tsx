import { useTranslation } from '../../i18n/react';
import { useAppSelector } from '../../../store/hooks';
import { LoadingState } from '../../components/LoadingState';
import '../../styles/cms.css';

/**
 * An information page (shipping, returns, instalments, warranty, terms): its title, its body
 * (server HTML, sanitised before it reaches the page) and the same page in the other
 * languages. Its data is `page.cmsPage`, loaded for the address /pages/{slug}.
 */
export default function CmsPage() {
  const { t } = useTranslation();
  const page = useAppSelector((state) => state.page.cmsPage);
  if (!page) return <LoadingState />;
  return (
    <article className="page page--cms" lang={page.lang} aria-labelledby="cms-title">
      <h1 id="cms-title">{page.title}</h1>
      <div className="cms-body" dangerouslySetInnerHTML={{ __html: page.body /* cleaned before it reached the store */ }} />
      {page.alternates.length ? (
        <nav className="cms-languages" aria-label={t('cms.otherLanguages')}>
          <h2 className="cms-languages__title">{t('cms.otherLanguages')}</h2>
          <ul>
            {page.alternates.map((alternate) => (
              <li key={alternate.lang}>
                <a href={alternate.link} hrefLang={alternate.lang} lang={alternate.lang}>
                  {alternate.title}
                </a>{' '}
                <span className="cms-languages__name">({t(`language.${alternate.lang}`)})</span>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </article>
  );
}
