import { CircleCheck } from 'lucide-react';
import { Link } from 'wouter';

/** A finished step of an account flow: what happened, and where to go on. */
export function Done({ message, href, label }: { message: string; href: string; label: string }) {
  return (
    <>
      <div className="notice" role="status">
        <CircleCheck size={20} aria-hidden />
        <div>{message}</div>
      </div>
      <Link href={href} className="btn btn-primary btn-block">
        {label}
      </Link>
    </>
  );
}
