import { useTranslation } from '../i18n/react';
import type { TextSearchResult } from '../api/wire';
import { liveSearchGroups } from '../domain/liveSearch';
import { useLocalPath } from './useLocalPath';
import { LIVE_SEARCH_RESULTS_PER_GROUP } from '../domain/codeSearch';
import { useAppSelector } from '../../store/hooks';
import { selectPriceType } from '../../store/shopDataSlice';
import { PriceText } from './PriceText';
import { thumbnailImage } from '../domain/thumbnails';

export interface LiveSearchGroupsProps {
  result: TextSearchResult | null;
  active: number;
  onHover(index: number): void;
}

const optionId = (index: number) => `live-search-option-${index}`;

/**
 * The dropdown's groups, 3 options each: each option is the link itself (role=option on an
 * anchor), so a click or a middle-click opens it like any link; the keyboard goes through
 * the combobox (aria-activedescendant), never into the list.
 */
export default function LiveSearchGroups({ result, active, onHover }: LiveSearchGroupsProps) {
  const { t } = useTranslation();
  const local = useLocalPath();
  const priceType = useAppSelector(selectPriceType);
  return (
    <>
      {liveSearchGroups(result, LIVE_SEARCH_RESULTS_PER_GROUP, priceType).map((group) => (
        <div key={group.name} role="group" aria-labelledby={`live-search-group-${group.name}`} className={`live-search__group live-search__group--${group.name}`}>
          <div role="presentation" id={`live-search-group-${group.name}`} className="live-search__group-label">
            {t(`liveSearch.groups.${group.name}`)}
          </div>
          {group.options.map((option) => (
            <a
              key={option.index}
              id={optionId(option.index)}
              role="option"
              aria-selected={option.index === active}
              tabIndex={-1}
              href={local(option.link)}
              className={option.index === active ? 'live-search__option live-search__option--active' : 'live-search__option'}
              // The input keeps focus (and the popup stays open) while the pointer clicks.
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => option.index !== active && onHover(option.index)}
            >
              {option.icon ? <img className="live-search__icon" {...thumbnailImage(option.icon, 48)} alt="" width={40} height={40} loading="lazy" /> : null}
              <span className="live-search__text">
                {option.breadcrumbs ? <span className="live-search__crumbs">{option.breadcrumbs.join(' › ')} › </span> : null}
                <span className="live-search__name">{option.name}</span>
              </span>
              {option.price ? <PriceText className="live-search__price" amount={option.price.value} formatted={option.price.formatted} net={option.price.net} /> : null}
            </a>
          ))}
        </div>
      ))}
    </>
  );
}
