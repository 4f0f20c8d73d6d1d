import { initials } from "../../../contract/names";

/** A person's photo, or their initials on a tinted disc when there is none. Decorative: the name is beside it. */
export function Avatar({ name, src, size = 44 }: { name: string; src?: string | null; size?: number }) {
  const style = { width: size, height: size };
  if (src)
    return (
      <img src={src} alt="" width={size} height={size} style={style} className="shrink-0 rounded-full object-cover" />
    );
  return (
    <span
      aria-hidden
      style={style}
      className="flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800"
    >
      {initials(name)}
    </span>
  );
}
