import { Spinner } from './ui';

/** A centred spinner filling the available space, for whole-screen waits (plain: no MUI). */
export function FullPageLoading() {
  return (
    <div className="sm-loading" aria-busy="true">
      <Spinner label="Loading" />
    </div>
  );
}
