/**
 * dayjs's locale data for the portal's six languages: the month and day names of Mantine's date pickers, the only
 * place the portal's dates use words (its formats are numeric, rule 4). Imported by the pickers' modules, so the
 * names load with the forms that pick dates and no page's first load carries them (decision 105).
 */
import 'dayjs/locale/en-gb';
import 'dayjs/locale/et';
import 'dayjs/locale/fi';
import 'dayjs/locale/lv';
import 'dayjs/locale/ru';
import 'dayjs/locale/sv';
