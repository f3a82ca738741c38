// The app's antd theme: antd's default colours fail WCAG 2 AA contrast on white (blue #1677ff 4.1:1,
// red #ff4d4f 3.3:1, secondary text #8c8c8c 3.4:1; 4.5:1 is needed for normal text). These seeds are
// one step darker in antd's own palettes, so generated shades (hover, backgrounds, tags) stay in tune.
// Checked by axe in e2e/accessibility.test.ts.
import type { ThemeConfig } from 'antd';

export const APP_THEME: ThemeConfig = {
  token: {
    colorPrimary: '#0958d9', // blue-7: 6.2:1 on white, white on it 6.2:1
    colorInfo: '#0958d9',
    colorLink: '#0958d9',
    colorError: '#cf1322', // red-7: 5.6:1
    colorSuccess: '#237804', // green-8: 5.4:1 on its light background
    colorWarning: '#ad4e00', // orange-8: 5.1:1 on its light background
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)', // #595959: 7:1
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    // antd's rgba(0, 0, 0, 0.25) is #bfbfbf, 1.8:1. A select's placeholder is real text to axe; it went
    // unchecked under ProLayout, whose gradient page background made axe leave contrast undecided.
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)', // #737373: 4.7:1
  },
};
