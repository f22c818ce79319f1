import { type PublicSettingName, settingText } from "~/core/public-settings";
import { publicSettings } from "~/web/lib/public-settings";

export { publicSettings } from "~/web/lib/public-settings";

/** A setting as it reads in a sentence; the server fills the prerendered text by its `data-setting` name. */
export function Setting({ name }: { name: PublicSettingName }) {
  return <span data-setting={name}>{settingText(publicSettings(), name)}</span>;
}
