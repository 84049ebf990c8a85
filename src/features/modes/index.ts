export { useAppMode, type AppMode, type ModeContext } from "./useAppMode";
export {
  usePregnancyContext,
  usePregnancyMineInput,
  roleDefaultAccess,
  type PregnancyAccess,
  type PregnancyContextValue,
  type PregnancyMineInput,
  type PregnancySummary,
} from "./usePregnancyContext";
export { ModeSwitch } from "./ModeSwitch";
export { modeStorageKey } from "./modeStore";
