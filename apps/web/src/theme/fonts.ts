// Roboto, self-hosted (no third-party font requests): the weights MUI's typography uses.
import '@fontsource/roboto/300.css';
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
