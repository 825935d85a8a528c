import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';

/** The star that adds an exercise to the favorites or takes it off. */
export function FavoriteButton({ favorite, onToggle }: { favorite: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="ghost"
      size="sm"
      className={favorite ? 'is-favorite' : undefined}
      icon={<Star size={18} fill={favorite ? 'currentColor' : 'none'} />}
      label={favorite ? t('exercises.unfavorite') : t('exercises.favorite')}
      aria-pressed={favorite}
      onClick={onToggle}
    />
  );
}
