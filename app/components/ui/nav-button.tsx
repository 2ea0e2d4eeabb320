import { useNavigate } from "react-router";

/**
 * A real <button> that goes to `to`: with JavaScript through the router, without it as a GET
 * form (query parameters carried as hidden fields), so it works before hydration too.
 */
export function NavButton({
  to,
  children,
  className,
  reload = false,
}: {
  to: string;
  children: React.ReactNode;
  className: string;
  reload?: boolean;
}) {
  const navigate = useNavigate();
  const url = new URL(to, "http://x");
  return (
    <form
      method="get"
      action={url.pathname}
      onSubmit={(event) => {
        event.preventDefault();
        if (reload) window.location.assign(to);
        else navigate(to);
      }}
    >
      {[...url.searchParams].map(([name, value], i) => (
        <input key={i} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={className}>
        {children}
      </button>
    </form>
  );
}
