// Roboto, self-hosted (no third-party font requests): the weights MUI's typography uses, in the
// Latin and Latin Extended subsets (names such as "Skłodowska"); other scripts use the system font.
// One subset file per weight is fetched only when a page shows text in it (unicode-range).
import '@fontsource/roboto/latin-300.css';
import '@fontsource/roboto/latin-ext-300.css';
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-ext-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-ext-500.css';
import '@fontsource/roboto/latin-700.css';
import '@fontsource/roboto/latin-ext-700.css';
