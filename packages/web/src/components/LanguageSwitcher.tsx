// Language menu: zh-CN, en, or follow the browser (spec §1). Shown on every page but sign-in, which
// has the plain one (PlainLanguageSwitcher) so that it loads without antd.
import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown, type ButtonProps, type MenuProps } from 'antd';
import { useLanguageChoice } from './language-choice';

export interface LanguageSwitcherProps {
  size?: ButtonProps['size'];
  type?: ButtonProps['type'];
}

export function LanguageSwitcher({ size = 'middle', type = 'default' }: LanguageSwitcherProps) {
  const choice = useLanguageChoice();
  const items: MenuProps['items'] = choice.options.map((option) => ({
    key: option.preference,
    label: <span data-testid={`language-option-${option.preference}`}>{option.label}</span>,
  }));
  const onClick: MenuProps['onClick'] = ({ key }) => choice.choose(key);

  return (
    <Dropdown menu={{ items, selectable: true, selectedKeys: [choice.preference], onClick }} trigger={['click']}>
      <Button
        size={size}
        type={type}
        icon={<GlobalOutlined aria-hidden />}
        aria-label={choice.buttonName}
        data-testid="language-switcher"
        data-language={choice.language}
      >
        {choice.buttonText}
      </Button>
    </Dropdown>
  );
}
