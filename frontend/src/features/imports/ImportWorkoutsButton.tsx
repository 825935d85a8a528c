import { Upload } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import type { Imports } from './store.ts';
import { useImportText } from './texts.ts';

/** The Workouts page's "Import" action (app/routes.tsx puts it there): the button and the dialog it opens. */
export function ImportWorkoutsButton({ imports }: { imports: Imports }) {
  const { text } = useImportText();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<Upload size={18} />} onClick={() => setOpen(true)}>
        {text('open')}
      </Button>
      <ImportDialog imports={imports} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
