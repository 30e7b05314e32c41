// The viral style the composers start with: the user's choice in Settings, else the catalogue's.
import { DEFAULT_CLASSIC_STYLE, type ClassicStyle } from '@core/styles';
import { useAuth } from '@web/lib/auth';

export function useDefaultStyle(): ClassicStyle {
  const { user } = useAuth();
  return user?.preferences?.defaultStyle ?? DEFAULT_CLASSIC_STYLE;
}
