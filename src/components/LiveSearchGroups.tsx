import { useTranslation } from '../i18n/react';
import type { TextSearchResult } from '../api/wire';
import { liveSearchGroups } from '../domain/liveSearch';

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
  return (
    <>
      {liveSearchGroups(result).map((group) => (
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
              href={option.link}
              className={option.index === active ? 'live-search__option live-search__option--active' : 'live-search__option'}
              // The input keeps focus (and the popup stays open) while the pointer clicks.
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => option.index !== active && onHover(option.index)}
            >
              {option.icon ? <img className="live-search__icon" src={option.icon} alt="" width={40} height={40} loading="lazy" /> : null}
              <span className="live-search__text">
                {option.breadcrumbs ? <span className="live-search__crumbs">{option.breadcrumbs.join(' › ')} › </span> : null}
                <span className="live-search__name">{option.name}</span>
              </span>
              {option.price ? <span className="live-search__price">{option.price}</span> : null}
            </a>
          ))}
        </div>
      ))}
    </>
  );
}
