// Shell UI state (valtio) and its actions. The collapsed preference persists in localStorage.
import { proxy } from 'valtio';

const COLLAPSED_KEY = 'riposte.sidebar.collapsed';

function readCollapsed(): boolean {
  try {
    // Narrow by default; only an explicit 'false' pins the sidebar open.
    return localStorage.getItem(COLLAPSED_KEY) !== 'false';
  } catch {
    return true;
  }
}

export const shellState = proxy({
  collapsed: readCollapsed(),
  hovering: false,
  mobileOpen: false,
  adminOpen: false,
  // A menu opened from the sidebar keeps it expanded: the open menu blocks pointer events, so
  // the sidebar sees a mouseleave and would otherwise shrink under the menu.
  menuOpen: false,
});

export function setCollapsed(collapsed: boolean): void {
  shellState.collapsed = collapsed;
  try {
    localStorage.setItem(COLLAPSED_KEY, String(collapsed));
  } catch {
    // Storage refused (private mode): the preference lasts for this page only.
  }
}

export function setHovering(hovering: boolean): void {
  shellState.hovering = hovering;
}

export function setMobileOpen(open: boolean): void {
  shellState.mobileOpen = open;
}

export function setMenuOpen(open: boolean): void {
  shellState.menuOpen = open;
}

export function setAdminOpen(open: boolean): void {
  shellState.adminOpen = open;
}
